import Foundation
import Testing

/// Every read command in every format, compared byte for byte with `Golden/NAME.FORMAT-EXT`.
///
/// `WLOG_UPDATE_GOLDEN=1 swift test --filter wlogTests` rewrites the golden files (then read the
/// diff before committing it).
@Suite struct ReadGoldenTests {
    /// A golden case: a name and the command's arguments (global options are added per format).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var formats: [String] = ["table", "csv", "json", "jsonl"]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "history", arguments: ["history"]),
        Case(name: "prs", arguments: ["prs"]),
        Case(name: "prs-bench-as-of", arguments: ["prs", "bench", "--as-of", "2026-11-15T00:00:00Z"]),
        Case(name: "show-set", arguments: ["show", "5e700003"]),
        Case(name: "show-set-deleted", arguments: ["show", "5e700015"]),
        Case(name: "show-workout", arguments: ["show", "a0000001"]),
        Case(name: "show-day", arguments: ["show", "day:2026-10-27"]),
        Case(name: "exercises", arguments: ["exercises"]),
        Case(name: "exercises-legs", arguments: ["exercises", "--all", "--group", "legs", "--search", "squat"]),
        Case(name: "exercise-bench", arguments: ["exercise", "bench"]),
        Case(name: "exercise-pull-up", arguments: ["exercise", "pull-up"]),
        Case(name: "exercise-run", arguments: ["exercise", "run"]),
        Case(name: "e1rm-bench", arguments: ["e1rm", "bench"]),
        Case(name: "e1rm-bench-brzycki", arguments: ["e1rm", "bench", "--formula", "brzycki", "--max-reps", "5"]),
        Case(name: "volume", arguments: ["volume"]),
        Case(name: "volume-muscle", arguments: ["volume", "--group-by", "muscle"]),
        Case(name: "volume-workout", arguments: ["volume", "--by", "workout"]),
        Case(name: "volume-month-lb", arguments: ["volume", "--by", "month", "--weeks", "0", "--unit", "lb"]),
        Case(name: "bodyweight", arguments: ["bodyweight"]),
        Case(name: "today", arguments: ["today"]),
        Case(name: "audit-set", arguments: ["audit", "5e700015"]),
        Case(name: "audit-workout", arguments: ["audit", "a0000002"]),
        Case(name: "audit-recent", arguments: ["audit"]),
        Case(name: "events", arguments: ["events", "--since-seq", "2"], formats: ["table", "json", "jsonl"]),
        Case(name: "events-type", arguments: ["events", "--type", "set.edited,bodyweight.*"], formats: ["jsonl"]),
        Case(name: "export-sets", arguments: ["export", "sets"], formats: ["default", "json"]),
        Case(name: "export-workouts", arguments: ["export", "workouts"], formats: ["default", "jsonl"]),
        Case(name: "export-prs", arguments: ["export", "prs"], formats: ["default"]),
        Case(name: "export-e1rm", arguments: ["export", "e1rm"], formats: ["default"]),
        Case(name: "export-volume", arguments: ["export", "volume", "--group-by", "muscle"], formats: ["default"]),
        Case(name: "export-bodyweight", arguments: ["export", "bodyweight"], formats: ["default"]),
        Case(name: "export-exercises", arguments: ["export", "exercises"], formats: ["default"]),
        Case(name: "export-strong", arguments: ["export", "strong"], formats: ["default"]),
        Case(name: "export-hevy", arguments: ["export", "hevy"], formats: ["default"]),
    ]

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let updating = ProcessInfo.processInfo.environment["WLOG_UPDATE_GOLDEN"] == "1"

    static func fileExtension(_ format: String) -> String {
        switch format {
        case "table": return "txt"
        case "default": return "csv"
        default: return format
        }
    }

    @Test(arguments: cases)
    func golden(_ golden: Case) async throws {
        let fixture = try await ReadFixture.shared
        for format in golden.formats {
            let formatArguments = format == "default" ? [] : ["--format", format]
            let result = try await fixture.process.run(golden.arguments + formatArguments + ["--now", "2026-11-20T18:00:00Z", "--tz", "Europe/Berlin"])
            #expect(result.status == 0, "\(golden.name) \(format): \(result.stderr)")
            let file = Self.goldenDirectory.appendingPathComponent(golden.name + "." + Self.fileExtension(format))
            if Self.updating {
                try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
                try Data(result.stdout.utf8).write(to: file)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(result.stdout == expected, "\(golden.name) \(format) differs from \(file.lastPathComponent); WLOG_UPDATE_GOLDEN=1 rewrites it")
        }
    }

    /// Tables fit an 80-column terminal.
    @Test func tablesFitEightyColumns() async throws {
        let fixture = try await ReadFixture.shared
        for golden in Self.cases where golden.formats.contains("table") && golden.name != "events" {
            let result = try await fixture.process.run(golden.arguments)
            // Workout summaries (WorkoutRows.text, shared with history) list every record name after ★.
            for line in result.stdout.split(separator: "\n") where !line.contains("★ ") {
                #expect(line.unicodeScalars.count <= 80, "\(golden.name): \(line.unicodeScalars.count) columns: \(line)")
            }
        }
    }
}
