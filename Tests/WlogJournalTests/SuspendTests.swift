import Foundation
import Testing
@testable import WlogJournal

/// A writer kept open with its lock released (`suspend`/`resume`): what the server does between
/// a lifter's writes. Another writer may append meanwhile; the kept writer then knows it must
/// be opened again, and never appends over what it did not see.
@Suite struct SuspendTests {
    static var quick: JournalOptions {
        var options = JournalOptions()
        options.lockTimeout = .milliseconds(50)
        return options
    }

    @Test func resumeGoesOnWhenNobodyWroteMeanwhile() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: Self.quick)
        _ = try w.append([Events.pending(1, 0)])
        w.suspend()
        #expect(try w.resume())
        #expect(try w.append([Events.pending(1, 1)]).appended.map(\.seq) == [2])
        w.suspend()
        #expect(try w.resume())
        try w.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(2))
    }

    /// `suspend` takes the stamp a caller read after the writer's last commit instead of an
    /// `fstat` of its own, never one read before a later commit or seal of its own: `resume` would
    /// then see a file it did not leave and have the writer opened again.
    @Test func aStampReadBeforeTheWritersOwnLaterChangeIsNotTaken() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: Self.quick)
        _ = try w.append([Events.pending(1, 0)])
        let afterFirst = w.stamp
        _ = try w.append([Events.pending(1, 1)])
        #expect(w.stamp != afterFirst)
        _ = try w.append([Events.pending(1, 2)])
        w.suspend()
        #expect(try w.resume())
        _ = try w.append([Events.pending(1, 3)])
        _ = w.stamp
        try w.seal()
        w.suspend()
        #expect(try w.resume())
        // Read after the last change: taken, and right.
        _ = try w.append([Events.pending(1, 4)])
        _ = w.stamp
        w.suspend()
        #expect(try w.resume())
        try w.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(5))
    }

    @Test func aSuspendedWriterLetsAnotherInAndRefusesToAppend() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: Self.quick)
        _ = try w.append([Events.pending(1, 0)])
        // While it holds the lock, another writer waits and gives up.
        #expect(throws: JournalError.self) { try JournalWriter.open(at: tmp.journal, options: Self.quick) }
        w.suspend()
        #expect(throws: JournalError.closed(path: tmp.journal)) { try w.append([Events.pending(1, 1)]) }
        // Another writer (the CLI) appends while it is suspended.
        let other = try JournalWriter.open(at: tmp.journal, options: Self.quick)
        _ = try other.append([Events.pending(1, 1)])
        // While the other holds the lock, resume waits and gives up.
        #expect(throws: JournalError.self) { try w.resume() }
        try other.close()
        // The journal grew: the kept writer must not go on; opened again, it appends after both.
        #expect(try w.resume() == false)
        try w.close()
        let again = try JournalWriter.open(at: tmp.journal, options: Self.quick)
        #expect(try again.append([Events.pending(1, 2)]).appended.map(\.seq) == [3])
        try again.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(3))
    }

    @Test func aSealOrAReplacementByAnotherWriterIsSeen() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: Self.quick)
        _ = try w.append([Events.pending(1, 0), Events.pending(1, 1)])
        w.suspend()
        // Sealing rewrites the hot tail in place (same events, another length and change time).
        let other = try JournalWriter.open(at: tmp.journal, options: Self.quick)
        try other.seal()
        try other.close()
        #expect(try w.resume() == false)
        try w.close()

        let kept = try JournalWriter.open(at: tmp.journal, options: Self.quick)
        kept.suspend()
        // Replaced by another journal of the same length: another file.
        let copy = try J.bytes(tmp.journal)
        try FileManager.default.removeItem(atPath: tmp.journal)
        try J.write(copy, to: tmp.journal)
        #expect(try kept.resume() == false)
        try kept.close()
    }

    /// A suspended writer gives its compression context back (`IdleContexts`) and its next commit
    /// takes one, maybe another writer's: the bytes are those of a writer that never let go, a
    /// seal's context included (freed, not kept).
    @Test func commitsWithContextsHandedAroundWriteTheSameBytes() throws {
        let tmp = try TempDir()
        var options = Self.quick
        options.sealThreshold = 4 << 10
        let plain = tmp.path + "/plain.wlog", handed = tmp.path + "/handed.wlog", other = tmp.path + "/other.wlog"
        let steady = try J.create(plain, options: options)
        let w = try J.create(handed, options: options), v = try J.create(other, options: options)
        var sealed = 0
        for index in 0..<60 {
            let line = [Events.pending(1, UInt64(index))]
            _ = try steady.append(line)
            let receipt = try w.append(line)
            if receipt.sealed != nil { sealed += 1 }
            _ = try v.append(line)
            w.suspend()
            v.suspend()
            #expect(try v.resume() && w.resume())
        }
        try steady.close()
        try w.close()
        try v.close()
        #expect(sealed > 0)
        #expect(try J.bytes(handed) == J.bytes(plain))
        #expect(try J.bytes(other) == J.bytes(plain))
        #expect(try J.read(handed).lines == Events.expected(60))
    }
}
