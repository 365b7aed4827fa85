import Foundation
import Testing

/// Two copies of one journal written on one machine (issue 15): they minted the same ids, and
/// merging them skipped the other copy's new events as duplicates. The writer key
/// (docs/SYNC.md, "New ids") gives every copy its own ids.
@Suite("Copies of one journal", .serialized)
struct SyncCopiesTests {
    /// The journal's events without `seq`, sorted: the set a replica holds.
    static func eventSet(_ wlog: WlogProcess, journal: String) async throws -> [String] {
        let lines = try await wlog.run(["events"], environment: ["WLOG_JOURNAL": journal]).stdout.split(separator: "\n")
        return lines.map { String($0.drop { $0 != "," }.dropFirst()) }.sorted()
    }

    @Test func twoCopiesOfOneJournalMergeBothWays() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let files = FileManager.default
        let copies = ["a", "b"].map { wlog.directory.appendingPathComponent("copy-\($0)").path }
        for copy in copies {
            try files.createDirectory(atPath: copy, withIntermediateDirectories: false)
            // The whole folder, the writer key's file included (`cp -a`): the worst case.
            for suffix in ["", ".writer"] where files.fileExists(atPath: wlog.journal + suffix) {
                try files.copyItem(atPath: wlog.journal + suffix, toPath: copy + "/journal.wlog" + suffix)
            }
        }
        let (a, b) = (copies[0] + "/journal.wlog", copies[1] + "/journal.wlog")
        #expect(try await wlog.run(["append", "set", "bench", "100x5"], environment: ["WLOG_JOURNAL": a]).status == 0)
        #expect(try await wlog.run(["append", "set", "squat", "150x3"], environment: ["WLOG_JOURNAL": b]).status == 0)
        let fromA = try await wlog.run(["events"], environment: ["WLOG_JOURNAL": a]).stdout
        let fromB = try await wlog.run(["events"], environment: ["WLOG_JOURNAL": b]).stdout
        let intoB = try await wlog.run(["append", "events", "-"], stdin: fromA, environment: ["WLOG_JOURNAL": b])
        let intoA = try await wlog.run(["append", "events", "-"], stdin: fromB, environment: ["WLOG_JOURNAL": a])
        // 4 events each: init's settings, the deleted set, its deletion, the squat 140x5.
        #expect(intoB.stdout == "appended 1 event(s), skipped 4 duplicate(s)\nlast seq 6\n", "\(intoB.stderr)")
        #expect(intoA.stdout == "appended 1 event(s), skipped 4 duplicate(s)\nlast seq 6\n", "\(intoA.stderr)")
        let held = try await Self.eventSet(wlog, journal: a)
        #expect(held.count == 6)
        await #expect(held == (try Self.eventSet(wlog, journal: b)))
        for journal in [a, b] {
            let sets = try await wlog.run(["export", "sets", "--format", "csv"], environment: ["WLOG_JOURNAL": journal]).stdout
            #expect(sets.contains(",bench-press,") && sets.contains(",150,"), "\(sets)")
        }
    }
}
