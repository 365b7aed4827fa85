import Foundation
import Testing

/// `wlog import` end to end: dry run, idempotence, and export → import round trips.
@Suite("Import from the command line", .serialized)
struct ImportCLITests {
    static let demo = WlogProcess.repositoryRoot.appendingPathComponent("fixtures/demo/strong-demo.csv").path

    static func journal() async throws -> WlogProcess {
        let wlog = try WlogProcess()
        try #require(try await wlog.run(["init", "--unit", "kg", "--tz", "Europe/Berlin"]).status == 0)
        return wlog
    }

    @Test func dryRunReportsAndAppendsNothing() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let result = try await wlog.run(["import", "strong", Self.demo, "--unit", "kg", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("would import \(Self.demo) (Strong iOS (12 columns))\n  workouts   54\n"))
        #expect(result.stdout.contains("  sets       571 (110 warm-up, 11 cardio, 24 timed)\n"))
        #expect(result.stdout.contains("  events     679 new\n"))
        #expect(wlog.journalBytes() == before)
    }

    @Test func importingTwiceAddsNothingTheSecondTime() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let first = try await wlog.run(["import", "strong", Self.demo, "--unit", "kg"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("  events     679 new\n"))
        let afterFirst = try #require(wlog.journalBytes())
        let second = try await wlog.run(["import", "strong", Self.demo, "--unit", "kg"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("  events     0 new, 679 already in the journal\n"))
        #expect(wlog.journalBytes() == afterFirst)
    }

    /// A re-import a day later takes the same rows in with a later `recorded`: still duplicates.
    /// A row whose values changed since (edited in Strong) is a collision (docs/SYNC.md): refused,
    /// not skipped.
    @Test func aRowEditedSinceTheFirstImportIsRefusedNotSkipped() async throws {
        var wlog = try await Self.journal()
        defer { wlog.cleanup() }
        #expect(try await wlog.run(["import", "strong", Self.demo, "--unit", "kg"]).status == 0)
        let before = try #require(wlog.journalBytes())
        wlog.now = "2026-11-21T18:00:00Z"
        let later = try await wlog.run(["import", "strong", Self.demo, "--unit", "kg"])
        #expect(later.stdout.contains("  events     0 new, 679 already in the journal\n"), "\(later.stderr)")
        var rows = try String(contentsOfFile: Self.demo, encoding: .utf8).components(separatedBy: "\n")
        rows[2] = rows[2].replacingOccurrences(of: ",W,55,5,", with: ",W,57.5,5,")
        let edited = wlog.directory.appendingPathComponent("edited.csv")
        try rows.joined(separator: "\n").write(to: edited, atomically: true, encoding: .utf8)
        let result = try await wlog.run(["import", "strong", edited.path, "--unit", "kg"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("(set.logged): id ") && result.stderr.contains("collides with the journal's event"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported; 1 row(s) were imported before with other values"))
        #expect(wlog.journalBytes() == before)
    }

    /// A Hevy export of one workout with one set of `exercise` (100 kg × 12).
    static func hevyFile(in wlog: WlogProcess, exercise: String) async throws -> String {
        let file = wlog.directory.appendingPathComponent("hevy.csv").path
        try """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
            "Legs","7 Apr 2026, 10:14","7 Apr 2026, 11:00","","\(exercise)",,"",0,"normal",100,12,,,

            """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aGuessedExerciseIsListedAndCorrectedWithExerciseUpdate() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let file = try await Self.hevyFile(in: wlog, exercise: "Hip Thrust (Machine)")
        let imported = try await wlog.run(["import", "hevy", file])
        #expect(imported.stdout.contains("  exercises  1 created, guessed from their names:\n    Hip Thrust (Machine): Legs, strength, hinge\n"),
                "\(imported.stdout)")
        let update = try await wlog.run(["append", "exercise-update", "hip-thrust-machine", "--kind", "bodyweight", "--pattern", "squat",
                                   "--group", "Legs"])
        #expect(update.status == 0 && update.stdout == "hip-thrust-machine  updated\n", "\(update.stderr)")
        let row = try await wlog.run("exercises --format csv").stdout.split(separator: "\n").first { $0.hasPrefix("hip-thrust-machine,") }
        #expect(row?.hasPrefix("hip-thrust-machine,Hip Thrust (Machine),Legs,bodyweight,") == true, "\(row ?? "")")
        let bad = try await wlog.run(["append", "exercise-update", "hip-thrust-machine", "--pattern", "twist"])
        #expect(bad.status == 64 && bad.stderr.contains("--pattern 'twist' is unknown"))
    }

    /// The guess is kept in the journal and shown until the lifter sets each part (issue 18 item 8).
    @Test func theGuessIsKeptAndShownUntilTheLifterSetsIt() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let file = try await Self.hevyFile(in: wlog, exercise: "Calf Press (Machine)")
        #expect(try await wlog.run(["import", "hevy", file]).status == 0)
        let created = try await wlog.run("events --type exercise.created").stdout
        #expect(created.contains(#""custom":true,"guessed":["kind","group","equipment","pattern"]}"#), "\(created)")
        func guessed() async throws -> String? {
            let csv = try await wlog.run("exercises --format csv").stdout.split(separator: "\n")
            #expect(csv.first?.hasSuffix(",previous,guessed,attachment") == true)
            return csv.first { $0.hasPrefix("calf-press-machine,") }.map { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return fields.count >= 2 ? String(fields[fields.count - 2]) : ""
            }
        }
        await #expect(try guessed() == "kind;group;equipment;pattern")
        let table = try await wlog.run("exercises")
        #expect(table.stdout.contains("Calf Press (Machine)  Legs?  "), "\(table.stdout)")
        #expect(table.stderr == "wlog: ? = classified by an import from the exercise's name (a guess); confirm or correct it with "
                + "wlog append exercise-update ID --kind K --group G --equipment E --pattern P\n")
        let json = try await wlog.run("exercises --format json").stdout
        #expect(json.contains(#""guessed":"kind;group;equipment;pattern""#), "\(json)")
        #expect(try await wlog.run("exercise calf-press-machine").stdout.contains("guessed on import: kind, group, equipment, pattern"))
        // A new kind and the same pattern (a confirmation) are the lifter's now.
        #expect(try await wlog.run("append exercise-update calf-press-machine --kind bodyweight --pattern squat").status == 0)
        await #expect(try guessed() == "group;equipment")
        #expect(try await wlog.run("append exercise-update calf-press-machine --group Legs --equipment machine").status == 0)
        await #expect(try guessed() == "")
        let after = try await wlog.run("exercises")
        #expect(after.stdout.contains("Calf Press (Machine)  Legs  ") && after.stderr.isEmpty, "\(after.stdout)\(after.stderr)")
        #expect(try await wlog.run("exercises --format json").stdout.contains(#""guessed":null"#))
    }

    /// A row whose reps × weight passes Int64 (999999999 × 999999999) trapped in the import's
    /// volume report (exit 132); it now imports without a crash and adds no volume.
    @Test func hostileNumbersDoNotCrashTheImport() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let header = try #require(try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").first)
        var row = try #require(try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").dropFirst().first {
            $0.contains("Bench Press")
        }).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let columns = header.split(separator: ",").map(String.init)
        let weight = try #require(columns.firstIndex(of: "Weight")), reps = try #require(columns.firstIndex(of: "Reps"))
        row[weight] = "999999999"
        row[reps] = "999999999"
        let path = wlog.directory.appendingPathComponent("hostile.csv").path
        let text = String(header) + "\n" + row.joined(separator: ",") + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await wlog.run(["import", "strong", path, "--unit", "kg", "--dry-run"])
        #expect(result.status != 132, "\(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Invalid UTF-8 is read as U+FFFD, but not without a word (issue 20, item 10): the lines are named.
    @Test func invalidUTF8IsReported() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        var lines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        // "Upper A" → "Upper \xE9" (Latin-1 é) on lines 3 and 4.
        for index in [2, 3] { lines[index] = Array(String(decoding: lines[index], as: UTF8.self).replacingOccurrences(of: ",Upper A,", with: ",Upper @,").utf8).map { $0 == 0x40 ? 0xE9 : $0 } }
        let path = wlog.directory.appendingPathComponent("latin1.csv").path
        try Data(Array(lines.joined(separator: [0x0A]))).write(to: URL(fileURLWithPath: path))
        let result = try await wlog.run(["import", "strong", path, "--unit", "kg", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: 2 line(s) of \(path) are not valid UTF-8 (line 3, 4)"), "\(result.stderr)")
    }

    @Test func fileWithoutUnitNeedsUnit() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let result = try await wlog.run(["import", "strong", Self.demo])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("wlog: error: "))
        #expect(result.stderr.contains("--unit kg|lb"))
        #expect(wlog.journalBytes() == before)
    }

    /// Export in an app's layout, import into an empty journal: the same sets, volumes and PRs.
    @Test(arguments: ["strong", "hevy"])
    func exportThenImportKeepsSetsVolumesAndRecords(_ format: String) async throws {
        let source = try await Self.journal()
        defer { source.cleanup() }
        try #require(try await source.run(["import", "strong", Self.demo, "--unit", "kg"]).status == 0)
        let exported = try await source.run(["export", format])
        try #require(exported.status == 0)
        let file = source.directory.appendingPathComponent("export-\(format).csv")
        try exported.stdout.write(to: file, atomically: true, encoding: .utf8)

        let copy = try await Self.journal()
        defer { copy.cleanup() }
        let imported = try await copy.run(["import", format, file.path, "--unit", "kg"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("  workouts   54\n"))
        for query in [["volume", "--by", "week", "--weeks", "0"], ["prs"]] {
            let a = try await source.run(query + ["--format", "csv"]).stdout
            let b = try await copy.run(query + ["--format", "csv"]).stdout
            #expect(Self.withoutIDs(a) == Self.withoutIDs(b), "\(query)")
        }
        let setsA = try await source.run(["export", "sets"]).stdout
        let setsB = try await copy.run(["export", "sets"]).stdout
        #expect(Self.setFacts(setsA) == Self.setFacts(setsB))
    }

    /// CSV rows without 32-hex id columns (ids differ between the journals by design).
    static func withoutIDs(_ csv: String) -> [String] {
        csv.split(separator: "\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false)
                .filter { !($0.count == 32 && $0.allSatisfy(\.isHexDigit)) }
                .joined(separator: ",")
        }
    }

    /// Date, exercise, type, weight, unit, reps, distance, duration, volume of every set, sorted.
    static func setFacts(_ csv: String) -> [String] {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        let wanted = ["date", "exercise_id", "type", "weight", "weight_unit", "reps", "distance", "distance_unit", "duration_s", "volume"]
        let columns = wanted.compactMap { header.firstIndex(of: $0) }
        return lines.dropFirst().map { row in columns.map { $0 < row.count ? row[$0] : "" }.joined(separator: ",") }.sorted()
    }
}
