import Foundation
import Testing
@testable import WlogJournal

/// Writer processes killed with SIGKILL at each step, a failing fdatasync, and two racing writers.
@Suite struct CrashTests {
    /// Checks that the journal holds a dense prefix of writer 1's events covering every reported commit.
    private func checkSurvivors(_ path: String, reported: [(seq: UInt64, id: String)], context: String) throws -> Int {
        let w = try JournalWriter.open(at: path)
        let last = w.lastSequence
        try w.close()
        #expect(!FileManager.default.fileExists(atPath: path + ".seal"), "\(context): the seal record is finished or dropped")
        let (lines, status) = try J.read(path)
        #expect(status.isClean, "\(context)")
        #expect(lines == Events.expected(Int(last)), "\(context): survivors are exactly a prefix")
        for (seq, id) in reported {
            #expect(seq <= last && id == Events.id(1, seq - 1), "\(context): committed \(seq) survived")
        }
        try Tool.checkLZ4(path, equals: lines)
        return lines.count
    }

    @Test(arguments: ["appendMidWrite@4", "appendAfterWrite@4", "appendAfterSync@4"])
    func killedDuringAppend(point: String) async throws {
        let tmp = try TempDir()
        let run = try await Tool.run(Tool.torture, ["append", tmp.journal, "--commits", "8", "--per-commit", "2", "--kill-at", point])
        #expect(run.signaled && run.status == SIGKILL, "\(run.stderr)")
        let reported = Tool.committed(run)
        #expect(reported.count == 6)
        let count = try checkSurvivors(tmp.journal, reported: reported, context: point)
        // A torn half-written frame is quarantined; a whole unsynced frame survives a process crash.
        #expect(count == (point.hasPrefix("appendMidWrite") ? 6 : 8))
        #expect(J.quarantine(tmp.journal).count == (point.hasPrefix("appendMidWrite") ? 1 : 0))
    }

    @Test(arguments: ["sealMidIntent", "sealAfterWriteIntent", "sealAfterSyncIntent", "sealMidApply", "sealAfterApply"])
    func killedWhileSealing(point: String) async throws {
        let tmp = try TempDir()
        // A 2 KiB threshold seals after every few commits; die at the second seal.
        let run = try await Tool.run(Tool.torture, ["append", tmp.journal, "--commits", "30", "--per-commit", "2",
                                              "--seal-threshold", "2048", "--kill-at", point + "@2"])
        #expect(run.signaled, "\(run.stderr)")
        let reported = Tool.committed(run)
        #expect(!reported.isEmpty && reported.count < 60)
        let count = try checkSurvivors(tmp.journal, reported: reported, context: point)
        // The commit that triggered the seal was synced before sealing began, but append had not returned.
        #expect(count == reported.count + 2)
        #expect(J.quarantine(tmp.journal).isEmpty)
        // The journal keeps working: seal and append again.
        let more = try await Tool.run(Tool.torture, ["append", tmp.journal, "--commits", "3", "--start", "\(count)"])
        #expect(more.status == 0 && Tool.committed(more).last?.seq == UInt64(count + 3))
        #expect(try J.read(tmp.journal).lines == Events.expected(count + 3))
    }

    @Test func killedDuringRecoveryQuarantinesAgain() async throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 3)
        try J.write(try J.bytes(tmp.journal) + [0, 0, 0, 0, 0], to: tmp.journal)
        let run = try await Tool.run(Tool.torture, ["open", tmp.journal, "--kill-at", "recoveryAfterQuarantine"])
        #expect(run.signaled)
        #expect(J.quarantine(tmp.journal).count == 1)
        let w = try JournalWriter.open(at: tmp.journal)
        #expect(w.recovered != nil && w.lastSequence == 3)
        try w.close()
        #expect(J.quarantine(tmp.journal).count == 2, "never discarded: the second attempt keeps its own copy")
        #expect(try J.read(tmp.journal).lines == Events.expected(3))
    }

    @Test func failedSyncFailsTheWriterUntilReopened() throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 2)
        let failing = JournalOptions(sync: { _ in errno = EIO; return -1 })
        let w = try JournalWriter.open(at: tmp.journal, options: failing)
        #expect { try w.append([Events.pending(1, 2)]) } throws: { error in
            guard case JournalError.writerFailed = error else { return false }
            return (error as? JournalError)?.exitCode == 74
        }
        // Every later call throws; fsync is never retried.
        #expect(throws: JournalError.self) { try w.append([Events.pending(1, 3)]) }
        #expect(throws: JournalError.self) { try w.seal() }
        try w.close()
        // The unsynced commit reached the page cache, so reopening shows it; nothing after it was written.
        let again = try JournalWriter.open(at: tmp.journal)
        #expect(again.lastSequence == 3 && again.recovered == nil)
        _ = try again.append([Events.pending(1, 3)])
        try again.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(4))
    }

    @Test func failedSyncWhileSealingKeepsTheOldFile() throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 4)
        let before = try J.bytes(tmp.journal)
        let w = try JournalWriter.open(at: tmp.journal, options: JournalOptions(sync: { _ in errno = EIO; return -1 }))
        #expect(throws: JournalError.self) { try w.seal() }
        #expect(throws: JournalError.self) { try w.append([Events.pending(1, 4)]) }
        try w.close()
        #expect(try J.bytes(tmp.journal) == before)
        #expect(!FileManager.default.fileExists(atPath: tmp.journal + ".seal"))
    }

    /// Open–lock–append–close per commit, like the CLI. Syncs are skipped (`--no-sync`): this tests
    /// the lock and the sequence, and 2,000 fdatasyncs cost ~15 s on this machine.
    @Test func twoWriterProcessesAppendAThousandCommitsEach() async throws {
        let tmp = try TempDir()
        try J.create(tmp.journal).close()
        let path = tmp.journal
        async let a = Tool.run(Tool.torture, ["append", path, "--commits", "1000", "--writer", "1", "--reopen-each", "--no-sync"])
        async let b = Tool.run(Tool.torture, ["append", path, "--commits", "1000", "--writer", "2", "--reopen-each", "--no-sync"])
        let (ra, rb) = try await (a, b)
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr) \(rb.stderr)")
        let reported = Tool.committed(ra) + Tool.committed(rb)
        #expect(reported.count == 2000)
        #expect(Set(reported.map(\.seq)) == Set(1...2000))
        var seen: [UInt64: String] = [:]
        let status = try JournalReader(at: tmp.journal).forEachLine { seq, line in
            let text = String(decoding: line, as: UTF8.self)
            seen[seq] = String(text.dropFirst(#"{"seq":\#(seq),"id":""#.count).prefix(32))
        }
        #expect(status.isClean && status.lastSequence == 2000 && seen.count == 2000)
        #expect(Set(seen.values).count == 2000, "no duplicate ids")
        for (seq, id) in reported { #expect(seen[seq] == id) }
        #expect(try JournalReader.verify(at: tmp.journal).isClean)
    }
}
