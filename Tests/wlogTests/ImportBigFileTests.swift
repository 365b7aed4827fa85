import Foundation
import Testing

/// `wlog import` of a file whose events pass the journal's 64 MiB limit for one commit
/// (issue 20 item 10): refused whole, dry run included, with the size, the limit and the fix;
/// a big file under the limit imports in one commit.
@Suite("Import of big files", .serialized)
struct ImportBigFileTests {
    /// A Strong export of `rows` set rows, one workout a day of 25 rows, each row with a note of
    /// `noteLength` characters (kept twice per event: as the set's notes and in its `source`),
    /// so a few tens of thousands of rows reach the limit quickly.
    static func strongFile(in wlog: WlogProcess, rows: Int, noteLength: Int) async throws -> String {
        let note = String(repeating: "n", count: noteLength)
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        let start = Date(timeIntervalSince1970: 946_746_000)  // 2000-01-01 17:00 UTC
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for row in 0..<rows {
            let day = format.string(from: start.addingTimeInterval(Double(row / 25) * 86_400))
            text += "\(day),\"Day\",1h 5m,\"Bench Press (Barbell)\",\(row % 25 + 1),\(60 + row % 40),5,0,0,\"\(note)\",\"\",\n"
        }
        let file = wlog.directory.appendingPathComponent("big.csv").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Refused while it is read: its new rows alone (counted at a lower bound of their lines,
    /// `NewLineBudget`) pass the limit by line 8,085, so the rest of the file is never held.
    @Test func aFileFarOverTheCommitLimitIsRefusedBeforeItIsAllRead() async throws {
        let wlog = try await ImportCLITests.journal()
        defer { wlog.cleanup() }
        // 9,000 rows × (2 × 4,000 note bytes + ≈ 430) ≈ 72 MiB of lines (72.2 MiB).
        let file = try await Self.strongFile(in: wlog, rows: 9_000, noteLength: 4_000)
        try await Self.expectRefused(wlog, file, saying: "wlog: error: the commit would hold more than 8084 new events in more than 64.0 MiB "
            + "(counted by line 8085 of \(file); the rest was not read), over the journal's limit of 64.0 MiB for one commit: "
            + "split the file by date ")
    }

    /// A file over the limit by less than the lower bound misses is refused when its commit is
    /// counted exactly, with the same fix.
    @Test func aFileJustOverTheCommitLimitIsRefusedWholeWithTheSizeAndTheFix() async throws {
        let wlog = try await ImportCLITests.journal()
        defer { wlog.cleanup() }
        let file = try await Self.strongFile(in: wlog, rows: 8_000, noteLength: 4_000)
        try await Self.expectRefused(wlog, file, saying: "wlog: error: the commit would hold 8640 new events in 64.2 MiB, over the journal's "
            + "limit of 64.0 MiB for one commit: split the file by date ")
    }

    /// `import strong FILE`, dry run and not: exit 65, nothing printed, `prefix` and the fix said, the journal unchanged.
    static func expectRefused(_ wlog: WlogProcess, _ file: String, saying prefix: String,
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = try #require(wlog.journalBytes())
        for dryRun in [true, false] {
            let result = try await wlog.run(["import", "strong", file, "--unit", "kg"] + (dryRun ? ["--dry-run"] : []))
            #expect(result.status == 65, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.hasSuffix("adds only what is new; nothing was appended\n"), sourceLocation: sourceLocation)
            #expect(wlog.journalBytes() == before, sourceLocation: sourceLocation)
        }
    }

    /// Rows the journal holds do not count: after importing 7,500 rows, a longer export of the
    /// same history (9,000 rows, 72 MiB in all) adds its 1,500 new rows.
    @Test func aLongerExportAfterItsFirstPartAddsOnlyTheNewRows() async throws {
        let wlog = try await ImportCLITests.journal()
        defer { wlog.cleanup() }
        let first = try await Self.strongFile(in: wlog, rows: 7_500, noteLength: 4_000)
        #expect(try await wlog.run(["import", "strong", first, "--unit", "kg"]).status == 0)
        let whole = try await Self.strongFile(in: wlog, rows: 9_000, noteLength: 4_000)
        let result = try await wlog.run(["import", "strong", whole, "--unit", "kg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  events     1620 new, 8100 already in the journal\n"), "\(result.stdout)")
    }

    @Test func aBigFileUnderTheLimitImportsInOneCommit() async throws {
        let wlog = try await ImportCLITests.journal()
        defer { wlog.cleanup() }
        // 7,500 rows × ≈ 8.4 KB ≈ 60 MiB of lines: under the limit.
        let file = try await Self.strongFile(in: wlog, rows: 7_500, noteLength: 4_000)
        let result = try await wlog.run(["import", "strong", file, "--unit", "kg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  workouts   300\n  sets       7500 (0 warm-up, 0 cardio, 0 timed)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  events     8100 new\n"))
        let again = try await wlog.run(["import", "strong", file, "--unit", "kg"])
        #expect(again.status == 0 && again.stdout.contains("  events     0 new, 8100 already in the journal\n"), "\(again.stdout)")
        #expect(try await wlog.run("verify").status == 0)
    }
}
