import Foundation
import Testing

/// Two replicas of one journal change it concurrently (sets back-dated to the same minute, the
/// same set edited on both, body weight), exchange their events both ways with `wlog events |
/// wlog append events`, and then print byte-identical history, records, sets export and body
/// weight (issue 15, docs/SYNC.md "Order" and "Concurrent edits").
@Suite("Replicas print the same", .serialized)
struct SyncOrderCLITests {
    @Test func concurrentChangesPrintTheSameOnBothReplicas() async throws {
        var wlog = try WlogProcess()
        defer { wlog.cleanup() }
        #expect(try await wlog.run(["init", "--unit", "kg", "--tz", "Europe/Berlin"]).status == 0)
        #expect(try await wlog.run(["append", "set", "bench", "100x5", "--at", "2026-11-20T18:00", "--id", "5e7" + String(repeating: "0", count: 29)]).status == 0)
        let b = wlog.directory.appendingPathComponent("b.wlog").path
        try FileManager.default.copyItem(atPath: wlog.journal, toPath: b)
        let onB = ["WLOG_JOURNAL": b]
        // A: a set back-dated to the same minute, an edit; B the same a little later, another edit.
        wlog.now = "2026-11-20T19:00:00Z"
        #expect(try await wlog.run(["append", "set", "bench", "105x3", "--at", "2026-11-20T18:00"]).status == 0)
        #expect(try await wlog.run(["append", "edit", "5e700000", "--reps", "6", "--notes", "from a"]).status == 0)
        #expect(try await wlog.run(["append", "bodyweight", "82.5"]).status == 0)
        wlog.now = "2026-11-20T19:00:30Z"
        #expect(try await wlog.run(["append", "set", "bench", "102.5x3", "--at", "2026-11-20T18:00"], environment: onB).status == 0)
        #expect(try await wlog.run(["append", "edit", "5e700000", "--weight", "101", "--notes", "from b"], environment: onB).status == 0)
        #expect(try await wlog.run(["append", "bodyweight", "82.1", "--at", "2026-11-20T18:00"], environment: onB).status == 0)
        wlog.now = "2026-11-20T20:00:00Z"
        let fromA = try await wlog.run(["events"]).stdout, fromB = try await wlog.run(["events"], environment: onB).stdout
        #expect(try await wlog.run(["append", "events", "-"], stdin: fromB).status == 0)
        let intoB = try await wlog.run(["append", "events", "-"], stdin: fromA, environment: onB)
        #expect(intoB.status == 0, "\(intoB.stderr)")
        for read in [["history"], ["prs"], ["export", "sets", "--format", "json"], ["bodyweight"]] {
            let a = try await wlog.run(read), other = try await wlog.run(read, environment: onB)
            #expect(a.status == other.status && a.stdout == other.stdout, "\(read): \(a.stdout) vs \(other.stdout)")
        }
        // Both edits are versions of the set; the later one (B's) wins the field both set.
        let show = try await wlog.run(["show", "5e700000", "--format", "csv"], environment: onB).stdout
        #expect(show.contains(",101,kg,6,") && show.contains(",from b,") && show.contains(",live,3,"), "\(show)")
    }
}
