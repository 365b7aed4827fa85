import Testing
@testable import WlogJournal

/// A reader under a writer's lock that starts at the hot tail (`forEachLine(after:skipping:_:)`)
/// reads what a walk from the start reads: the same lines and the same status.
@Suite struct SealedPrefixTests {
    /// Three sealed chunks of 12 events, then four commits of 2; reopened as an append opens it.
    private func openJournal(_ path: String) throws -> JournalWriter {
        try J.makeChunked(path, chunks: 3, tailCommits: 4).close()
        var options = JournalOptions(sync: { _ in 0 })
        options.sealedCheck = .trailers
        return try JournalWriter.open(at: path, options: options)
    }

    @Test(arguments: [0, 35, 36, 37, 40, 43, 44, 50] as [UInt64])
    func sameLinesAndStatusAsAWalkFromTheStart(after: UInt64) throws {
        let tmp = try TempDir()
        let writer = try openJournal(tmp.journal)
        defer { try? writer.close() }
        #expect(writer.sealedPrefix.sealedThrough == 36)
        let reader = try JournalReader(at: tmp.journal)
        var walked: [String] = [], skipped: [String] = []
        let full = try reader.forEachLine(after: after) { _, line in walked.append(String(decoding: line, as: UTF8.self)) }
        let tail = try reader.forEachLine(after: after, skipping: writer.sealedPrefix) { _, line in
            skipped.append(String(decoding: line, as: UTF8.self))
        }
        #expect(skipped == walked && tail == full)
        #expect(full.chunkCount == 3 && full.lastSequence == 44 && full.isClean)
    }

    /// A prefix of another journal is not used: the walk starts from the front.
    @Test func aPrefixOfAnotherJournalIsIgnored() throws {
        let tmp = try TempDir(), other = try TempDir()
        let writer = try openJournal(tmp.journal)
        defer { try? writer.close() }
        try J.make(other.journal, commits: 3)
        let reader = try JournalReader(at: other.journal)
        var lines = 0
        let status = try reader.forEachLine(after: 40, skipping: writer.sealedPrefix) { _, _ in lines += 1 }
        #expect(lines == 0 && status.lastSequence == 3 && status.isClean)
    }
}
