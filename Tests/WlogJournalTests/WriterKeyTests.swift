import Foundation
import Testing
@testable import WlogJournal

/// The writer key (docs/SYNC.md, "New ids"): the same from writer to writer while nothing else
/// changes the file, a new one for a copy, a restore over the file, or a lost `.writer` file.
@Suite struct WriterKeyTests {
    /// A journal with one commit; returns the key its writer used.
    static func journal(_ path: String) throws -> UInt64 {
        let w = try J.create(path)
        defer { try? w.close() }
        _ = try w.append([Events.pending(1, 0)])
        return w.writerKey
    }

    static func key(_ path: String, append: Bool = false) throws -> UInt64 {
        let w = try JournalWriter.open(at: path)
        defer { try? w.close() }
        if append { _ = try w.append([Events.pending(1, w.lastSequence)]) }
        return w.writerKey
    }

    @Test func oneFileKeepsItsKeyFromWriterToWriter() throws {
        let dir = try TempDir()
        let first = try Self.journal(dir.journal)
        #expect(try Self.key(dir.journal, append: true) == first)
        #expect(try Self.key(dir.journal) == first)
        #expect(try Self.key(dir.journal) == first)
    }

    @Test func aCopyGetsAnotherKeyAndTheOriginalKeepsItsOwn() throws {
        let dir = try TempDir()
        let first = try Self.journal(dir.journal)
        let copy = dir.path + "/copy.wlog"
        try FileManager.default.copyItem(atPath: dir.journal, toPath: copy)
        try FileManager.default.copyItem(atPath: dir.journal + ".writer", toPath: copy + ".writer")
        let copied = try Self.key(copy, append: true)
        #expect(copied != first)
        #expect(try Self.key(copy) == copied)
        #expect(try Self.key(dir.journal) == first)
    }

    /// A backup copied over the journal keeps its inode, not its change time.
    @Test func aRestoreOverTheFileGetsAnotherKey() throws {
        let dir = try TempDir()
        let first = try Self.journal(dir.journal)
        let bytes = try J.bytes(dir.journal)
        try J.write(bytes, to: dir.journal)
        #expect(try Self.key(dir.journal) != first)
    }

    @Test func aLostOrDamagedWriterFileGetsAnotherKey() throws {
        let dir = try TempDir()
        let first = try Self.journal(dir.journal)
        try J.write(Array("wlog-writer-key 1 zz 1 2 3 4\n".utf8), to: dir.journal + ".writer")
        let second = try Self.key(dir.journal, append: true)
        #expect(second != first)
        try FileManager.default.removeItem(atPath: dir.journal + ".writer")
        #expect(try Self.key(dir.journal) != second)
    }

    /// The `.writer` file is overwritten in place (not truncated to zero, which ext4 writes out on
    /// close): one longer than the new line is cut to it, and the key kept from writer to writer.
    @Test func aLongerWriterFileIsCutToTheNewLine() throws {
        let dir = try TempDir()
        _ = try Self.journal(dir.journal)
        try J.write(Array(("wlog-writer-key 1 zz 1 2 3 4" + String(repeating: " 9", count: 60) + "\n").utf8), to: dir.journal + ".writer")
        let second = try Self.key(dir.journal, append: true)
        let text = try String(contentsOfFile: dir.journal + ".writer", encoding: .utf8)
        #expect(text.hasPrefix("wlog-writer-key 1 " + String(second, radix: 16) + " ") && text.hasSuffix("\n"))
        #expect(text.split(separator: "\n").count == 1 && text.split(separator: " ").count == 7, "\(text)")
        #expect(try Self.key(dir.journal, append: true) == second)
        #expect(try Self.key(dir.journal) == second)
    }

    /// A new journal's writer as a server keeps it (its key kept once an hour), after one commit.
    static func keptWriter(_ path: String) throws -> JournalWriter {
        var options = SuspendTests.quick
        options.keyRecordInterval = .seconds(3600)
        let kept = try J.create(path, options: options)
        _ = try kept.append([Events.pending(1, 0)])
        return kept
    }

    /// A writer kept open across commits (`keyRecordInterval`, the server's) keeps its key once
    /// per interval and at `close`; until then the record is stale, and a writer that reads it
    /// draws a key of its own.
    @Test func aWriterKeptOpenKeepsItsKeyOncePerIntervalAndAtClose() throws {
        let dir = try TempDir()
        let kept = try Self.keptWriter(dir.journal)
        let first = try String(contentsOfFile: dir.journal + ".writer", encoding: .utf8)
        #expect(first.hasPrefix("wlog-writer-key 1 " + String(kept.writerKey, radix: 16) + " "))
        _ = try kept.append([Events.pending(1, 1)])
        #expect(try String(contentsOfFile: dir.journal + ".writer", encoding: .utf8) == first)
        // Stale: another writer meanwhile draws a new key.
        kept.suspend()
        let other = try JournalWriter.open(at: dir.journal, options: SuspendTests.quick)
        #expect(other.writerKey != kept.writerKey)
        try other.close()
        #expect(try kept.resume())
        try kept.close()
        #expect(try String(contentsOfFile: dir.journal + ".writer", encoding: .utf8) != first)
        #expect(try Self.key(dir.journal) == kept.writerKey)
    }

    /// A kept writer whose file another writer changed while it was suspended never keeps its
    /// key for that file: the other writer's key stays.
    @Test func aKeptWriterKeepsNoKeyForAFileAnotherChanged() throws {
        let dir = try TempDir()
        let kept = try Self.keptWriter(dir.journal)
        _ = try kept.append([Events.pending(1, 1)])
        kept.suspend()
        let other = try JournalWriter.open(at: dir.journal, options: SuspendTests.quick)
        _ = try other.append([Events.pending(1, 2)])
        try other.close()
        #expect(other.writerKey != kept.writerKey)
        #expect(try kept.resume() == false)
        try kept.close()
        #expect(try Self.key(dir.journal) == other.writerKey)
    }
}
