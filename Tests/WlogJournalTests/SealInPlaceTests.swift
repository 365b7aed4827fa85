import Foundation
import Testing
@testable import WlogJournal

/// Sealing in place (`JournalWriter.seal`, `SealIntent`): only the hot tail is rewritten, and the
/// seal record a crash leaves is finished at the next open, or dropped when partial or applied.
@Suite struct SealInPlaceTests {
    private static let noSync = JournalOptions(sync: { _ in 0 })

    private func inode(_ path: String) throws -> UInt64 {
        var info = stat()
        guard stat(path, &info) == 0 else { throw JournalError.posix("stat", path) }
        return UInt64(info.st_ino)
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func aSealRewritesOnlyTheTail() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: Self.noSync)
        for i in 0..<20 { _ = try w.append([Events.pending(1, UInt64(i))]) }
        try w.seal()
        let first = try J.bytes(tmp.journal)
        let file = try inode(tmp.journal)
        for i in 20..<40 { _ = try w.append([Events.pending(1, UInt64(i))]) }
        let report = try w.seal()
        try w.close()
        let after = try J.bytes(tmp.journal)
        #expect(Array(after.prefix(first.count)) == first, "the first chunk's bytes are never written again")
        #expect(report.chunksWritten == 1 && report.bytesAfter == after.count && report.sealedThrough == 40)
        #expect(try inode(tmp.journal) == file, "the same file, not a copy renamed over it")
        #expect(!exists(tmp.journal + ".seal"))
        let (lines, status) = try J.read(tmp.journal)
        #expect(lines == Events.expected(40) && status.isClean && status.chunkCount == 2 && status.commitCount == 0)
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(40))
    }

    /// The journal as a crash at each step of the second seal leaves it, with its synced record
    /// beside it: the next open gives exactly the sealed file.
    @Test(arguments: ["untouched", "cut", "half written", "done"])
    func aRecordFinishesTheSealAtTheNextOpen(state: String) throws {
        let tmp = try TempDir()
        let journal = tmp.journal, record = tmp.path + "/record", old = tmp.path + "/old"
        var options = Self.noSync
        options.faultHook = { point in
            guard point == .sealAfterSyncIntent else { return }
            for (from, to) in [(journal + ".seal", record), (journal, old)] {
                try? FileManager.default.removeItem(atPath: to)
                try? FileManager.default.copyItem(atPath: from, toPath: to)
            }
        }
        let w = try J.create(journal, options: options)
        for i in 0..<3 { _ = try w.append([Events.pending(1, UInt64(i))]) }
        try w.seal()
        for i in 3..<30 { _ = try w.append([Events.pending(1, UInt64(i))]) }
        try w.seal()
        try w.close()
        let sealed = try J.bytes(journal), before = try J.bytes(old), recordBytes = try J.bytes(record)
        let intent = try #require(recordBytes.withUnsafeBytes { SealIntent.decode(UnsafeRawBufferPointer(rebasing: $0[..<SealIntent.headerLength])) })
        let end = intent.tailStart + intent.length, half = intent.tailStart + intent.length / 2
        #expect(intent.endBefore == before.count && end == sealed.count && end < before.count)
        switch state {
        case "untouched": try J.write(before, to: journal)
        case "cut": try J.write(Array(before.prefix(end)), to: journal)
        case "half written": try J.write(Array(sealed.prefix(half)) + before[half..<end], to: journal)
        default: try J.write(sealed, to: journal)
        }
        try J.write(recordBytes, to: journal + ".seal")
        if state == "half written" {
            #expect(!(try J.read(journal).status.isClean), "damage at the tail until a writer opens the journal")
        }
        let again = try JournalWriter.open(at: journal)
        #expect(again.lastSequence == 30 && again.recovered == nil)
        try again.close()
        #expect(try J.bytes(journal) == sealed)
        #expect(!exists(journal + ".seal"))
        #expect(try J.read(journal).lines == Events.expected(30))
    }

    /// A record of a seal that completed (its removal lost in a crash), with commits after it:
    /// dropped, the journal not touched.
    @Test func aRecordTheJournalAlreadyHoldsIsDropped() throws {
        let tmp = try TempDir()
        let journal = tmp.journal, kept = tmp.path + "/kept"
        var options = Self.noSync
        options.faultHook = { point in
            if point == .sealAfterApply { try? FileManager.default.copyItem(atPath: journal + ".seal", toPath: kept) }
        }
        let w = try J.create(journal, options: options)
        for i in 0..<10 { _ = try w.append([Events.pending(1, UInt64(i))]) }
        try w.seal()
        for i in 10..<12 { _ = try w.append([Events.pending(1, UInt64(i))]) }
        try w.close()
        let before = try J.bytes(journal)
        try J.write(try J.bytes(kept), to: journal + ".seal")
        let again = try JournalWriter.open(at: journal)
        #expect(again.lastSequence == 12)
        try again.close()
        #expect(try J.bytes(journal) == before)
        #expect(!exists(journal + ".seal"))
    }

    /// A record cut short by a crash before it was synced (its digest fails): the journal was not
    /// touched yet, so it is dropped and the journal kept as it is.
    @Test func aPartialRecordIsDropped() throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 5)
        let before = try J.bytes(tmp.journal)
        let partial = SealIntent(journalID: J.journalID, tailStart: 100, endBefore: before.count, length: 8,
                                 digest: String(repeating: "0", count: 64))
        try J.write(partial.encoded + [1, 2, 3, 4], to: tmp.journal + ".seal")
        let w = try JournalWriter.open(at: tmp.journal)
        #expect(w.lastSequence == 5)
        try w.close()
        #expect(try J.bytes(tmp.journal) == before)
        #expect(!exists(tmp.journal + ".seal"))
    }
}
