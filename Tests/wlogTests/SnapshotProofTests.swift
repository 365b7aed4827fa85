import Foundation
import Testing

/// A projection snapshot is used only when it proves it describes this journal's exact prefix, and
/// a read served from it still reports damage in the sealed chunks it skips (issue 20, items 1–2).
@Suite struct SnapshotProofTests {
    private static let off = ["WLOG_SNAPSHOT": "off"]
    private static let reads: [[String]] = [["prs", "--format", "csv"], ["history", "--format", "csv"], ["export", "sets"], ["events"]]

    /// Two copies of one journal that differ at one sequence (a different set at seq 4) and agree
    /// again after it (the same body-weight event, same id and time, at seq 5): copy A's snapshot
    /// beside copy B must not make B print A's record. `seal`: B is compacted after the divergence.
    @Test(arguments: [false, true])
    func aSnapshotOfADivergedCopyIsIgnored(seal: Bool) async throws {
        let a = try WlogProcess(), b = try WlogProcess()
        defer {
            a.cleanup()
            b.cleanup()
        }
        try #require(try await a.run(["init", "--unit", "kg"]).status == 0)
        try #require(try await a.run(["append", "set", "bench", "100x5", "--at", "2026-11-02"]).status == 0)
        try #require(try await a.run(["append", "set", "bench", "105x5", "--at", "2026-11-05"]).status == 0)
        try a.journalBytes()?.write(to: URL(fileURLWithPath: b.journal))
        try #require(try await a.run(["append", "set", "bench", "150x1", "--at", "2026-11-09"]).status == 0)
        try #require(try await b.run(["append", "set", "bench", "110x3", "--at", "2026-11-09"]).status == 0)
        for copy in [a, b] {
            try #require(try await copy.run(["append", "bodyweight", "80", "--id", "same-weigh-in"]).status == 0)
        }
        if seal { try #require(try await b.run(["compact"]).status == 0) }
        try #require(try await a.run(["prs"], environment: ["WLOG_SNAPSHOT_EVENTS": "0"]).status == 0)
        let snapshot = try Data(contentsOf: URL(fileURLWithPath: a.journal + ".snap"))
        try snapshot.write(to: URL(fileURLWithPath: b.journal + ".snap"))
        for read in Self.reads {
            let cached = try await b.run(read), plain = try await b.run(read, environment: Self.off)
            #expect(cached.status == 0 && cached.stdout == plain.stdout && cached.stderr == plain.stderr, "\(read)")
        }
        // A's 150 kg single is not B's record (the column, not any "150" in a random set id).
        let records = try await b.run(["prs", "--format", "csv"]).stdout
        #expect(!records.contains(",heaviest,150,") && records.contains(",heaviest,110,"), "\(records)")
        // An append works on B's own state: the set it edits is B's 110x3.
        let append = try await b.run(["append", "set", "bench", "60x5"])
        #expect(append.status == 0)
        #expect(try await b.run(["history", "--format", "csv"]).stdout == b.run(["history", "--format", "csv"], environment: Self.off).stdout)
    }

    /// A byte changed inside a sealed chunk: every read served from a snapshot warns as a full read
    /// does (same stdout, stderr and exit status), and an append refuses.
    @Test func damageInASealedChunkIsReportedBehindASnapshot() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        for (spec, day) in [("100x5", "2026-11-02"), ("105x5", "2026-11-05"), ("110x3", "2026-11-09")] {
            try #require(try await wlog.run(["append", "set", "bench", spec, "--at", day]).status == 0)
        }
        try #require(try await wlog.run(["compact"]).status == 0)
        try #require(try await wlog.run(["append", "set", "squat", "140x3", "--at", "2026-11-12"]).status == 0)
        try #require(try await wlog.run(["prs"], environment: ["WLOG_SNAPSHOT_EVENTS": "0"]).status == 0)
        var bytes = try #require(wlog.journalBytes())
        // H0 (15 bytes), the header frame (8 + its size), then the sealed chunk: a byte of its block data.
        let headerSize = Int(bytes[19]) | Int(bytes[20]) << 8 | Int(bytes[21]) << 16 | Int(bytes[22]) << 24
        bytes[15 + 8 + headerSize + 30] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: wlog.journal))
        for read in Self.reads {
            let cached = try await wlog.run(read), plain = try await wlog.run(read, environment: Self.off)
            #expect(cached.stderr.contains("warning"), "\(read): \(cached.stderr)")
            #expect(cached.status == plain.status && cached.stdout == plain.stdout && cached.stderr == plain.stderr, "\(read)")
        }
        #expect(try await wlog.run(["append", "set", "bench", "60x5"]).status != 0)
    }
}
