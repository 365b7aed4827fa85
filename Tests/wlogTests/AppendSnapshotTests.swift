import Foundation
import Testing

/// An append that starts from the projection snapshot (its PR announcement from the records cache,
/// kept up to date as sets are logged) prints and writes exactly what one replaying the whole
/// journal does: in-order and back-dated sets, PRs and not, an edit of the record set, a new
/// exercise, several sets at once; and the reads after it agree.
@Suite struct AppendSnapshotTests {
    /// `sealFirst`: the journal is compacted before the snapshot is written, so the snapshot ends
    /// at a seal (the append then proves it by the chain instead of hashing its last line).
    @Test(arguments: [false, true])
    func snapshotAndFullReplayAppendTheSame(sealFirst: Bool) async throws {
        let cached = try WlogProcess(), plain = try WlogProcess()
        defer {
            cached.cleanup()
            plain.cleanup()
        }
        try #require(try await cached.run(["init", "--unit", "kg"]).status == 0)
        for (spec, day) in [("100x5", "2026-11-02"), ("105x5", "2026-11-05"), ("110x3", "2026-11-09"), ("90x8", "2026-11-12")] {
            try #require(try await cached.run(["append", "set", "bench", spec, "--at", day]).status == 0)
            try #require(try await cached.run(["append", "set", "squat", spec, "--at", day]).status == 0)
        }
        if sealFirst { try #require(try await cached.run(["compact"]).status == 0) }
        let journal = try #require(cached.journalBytes())
        try journal.write(to: URL(fileURLWithPath: plain.journal))
        // The snapshot is written now; the appends below replay the tail after it.
        try #require(try await cached.run(["prs"], environment: ["WLOG_SNAPSHOT_EVENTS": "0"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cached.journal + ".snap"))
        // One writer key for both copies, so that they mint the same ids (docs/SYNC.md).
        let key = ["WLOG_WRITER_KEY": "5eed"]
        let off = ["WLOG_SNAPSHOT": "off", "WLOG_WRITER_KEY": "5eed"]
        var recordSet = ""
        let steps: [[String]] = [
            ["append", "set", "bench", "120x5"],
            ["append", "set", "bench", "60x5", "@7"],
            ["append", "set", "bench", "130x3", "--at", "2026-11-10"],
            ["append", "set", "bench", "140x1"],
            ["append", "set", "bench", "20x10", "--type", "warmup"],
            ["append", "set", "squat", "150x1x3"],
            ["append", "edit", "RECORD", "--reps", "2"],
            ["append", "set", "my sled drag", "50x5", "--create", "--group", "Legs"],
            ["append", "set", "my sled drag", "55x5"],
            ["append", "set", "bench", "145x1"],
        ]
        for step in steps {
            let arguments = step.map { $0 == "RECORD" ? recordSet : $0 }
            let a = try await cached.run(arguments, environment: key), b = try await plain.run(arguments, environment: off)
            #expect(a.status == b.status && a.stdout == b.stdout && a.stderr == b.stderr, "\(arguments): \(a) vs \(b)")
            if step == ["append", "set", "bench", "140x1"] { recordSet = String(a.stdout.prefix(8)) }
            for read in [["prs", "--format", "csv"], ["prs", "bench"], ["history", "--limit", "3", "--format", "csv"]] {
                #expect(try await cached.run(read).stdout == plain.run(read, environment: off).stdout, "\(read) after \(arguments)")
            }
        }
        #expect(cached.journalBytes() == plain.journalBytes())
    }
}
