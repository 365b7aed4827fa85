import Foundation
import Testing
@testable import WlogJournal

@Suite struct WriterTests {
    @Test func roundTripDenseSequenceAndReopen() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        #expect(w.lastSequence == 0)
        let r1 = try w.append([Events.pending(1, 0), Events.pending(1, 1) + "\n"])
        #expect(r1.appended.map(\.seq) == [1, 2])
        #expect(r1.appended.map(\.id) == [Events.id(1, 0), Events.id(1, 1)])
        let r2 = try w.append([Events.pending(1, 2)])
        #expect(r2.appended.map(\.seq) == [3] && r2.lastSequence == 3 && r2.duplicates.isEmpty)
        try w.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(3))

        let again = try JournalWriter.open(at: tmp.journal)
        #expect(again.lastSequence == 3 && again.recovered == nil)
        #expect(again.header.journal == J.journalID && again.header.created == "2026-11-18T11:06:40.000Z")
        _ = try again.append([Events.pending(1, 3)])
        try again.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(4))
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(4))
    }

    @Test func duplicatesAreSkippedAndReported() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        _ = try w.append([Events.pending(1, 0), Events.pending(1, 1)])
        let r = try w.append([Events.pending(1, 1), Events.pending(1, 2), Events.pending(1, 2), Events.pending(1, 0)])
        #expect(r.appended == [.init(seq: 3, id: Events.id(1, 2))])
        #expect(r.duplicates == [Events.id(1, 1), Events.id(1, 2), Events.id(1, 0)])
        let sizeBefore = try J.bytes(tmp.journal).count
        let none = try w.append([Events.pending(1, 0)])
        #expect(none.appended.isEmpty && none.duplicates == [Events.id(1, 0)] && none.lastSequence == 3)
        #expect(try J.bytes(tmp.journal).count == sizeBefore, "an all-duplicate commit writes nothing")
        try w.close()
        // Duplicates are found again after reopening (the id set is rebuilt), also for sealed events.
        let again = try JournalWriter.open(at: tmp.journal)
        try again.seal()
        #expect(try again.append([Events.pending(1, 1)]).duplicates == [Events.id(1, 1)])
        try again.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(3))
    }

    @Test func expectedSequenceConflictAppendsNothing() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        _ = try w.append([Events.pending(1, 0)], expectedLastSequence: 0)
        let before = try J.bytes(tmp.journal)
        #expect(throws: JournalError.conflict(expected: 0, actual: 1)) {
            try w.append([Events.pending(1, 1)], expectedLastSequence: 0)
        }
        #expect(try J.bytes(tmp.journal) == before)
        #expect(try w.append([Events.pending(1, 1)], expectedLastSequence: 1).lastSequence == 2)
        try w.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(2))
        #expect(JournalError.conflict(expected: 0, actual: 1).exitCode == 75)
    }

    @Test(arguments: [
        #"{"seq":1,"id":"a"}"#, #" {"id":"a"}"#, #"{"id":"a"} "#, "{\"id\":\"a\",\n\"x\":1}", #"{"id":"a\"b"}"#,
        #"{"id":""}"#, #"{"id":"\#(String(repeating: "x", count: 65))"}"#, #"{"id":"a"}"# + "\n\n", "",
    ])
    func invalidPendingLinesAreRefusedWhole(line: String) throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        let before = try J.bytes(tmp.journal)
        #expect(throws: JournalError.self) { try w.append([Events.pending(1, 0), line]) }
        #expect(try J.bytes(tmp.journal) == before)
        #expect(w.lastSequence == 0)
        try w.close()
    }

    @Test func nonHexIdsOfUpTo64BytesWork() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        let long = String(repeating: "z", count: 64)
        let r = try w.append([#"{"id":"\#(long)","type":"x"}"#, #"{"id":"é-1","type":"x"}"#, #"{"id":"é-1"}"#])
        #expect(r.appended.map(\.seq) == [1, 2] && r.duplicates == ["é-1"])
        try w.close()
        #expect(try J.read(tmp.journal).lines == [#"{"seq":1,"id":"\#(long)","type":"x"}"#, #"{"seq":2,"id":"é-1","type":"x"}"#])
    }

    @Test func sealingKeepsEventsAndStockLZ4ReadsEveryStage() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: JournalOptions(sealThreshold: 1 << 30))
        for c in 0..<20 { _ = try w.append((0..<5).map { Events.pending(1, UInt64(c * 5 + $0)) }) }
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(100))
        let report = try w.seal()
        #expect(report.chunksWritten == 1 && report.sealedThrough == 100 && report.bytesAfter < report.bytesBefore)
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(100))
        #expect(try w.seal().chunksWritten == 0)
        for c in 20..<30 { _ = try w.append((0..<5).map { Events.pending(1, UInt64(c * 5 + $0)) }) }
        try w.seal()
        _ = try w.append([Events.pending(1, 150)])
        try w.close()
        let (lines, status) = try J.read(tmp.journal)
        #expect(lines == Events.expected(151))
        #expect(status.isClean && status.chunkCount == 2 && status.commitCount == 1 && status.sealedThrough == 150)
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(151))
        #expect(!FileManager.default.fileExists(atPath: tmp.journal + ".seal-tmp"))
    }

    @Test func automaticSealSplitsIntoChunksOfAtMostOneMiB() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: JournalOptions(durability: .relaxed))
        var sealed = 0
        // ≈ 320 B per line: 2 MiB+ of lines passes the 256 KiB threshold several times.
        let pad = String(repeating: "p", count: 100)
        for c in 0..<70 {
            let lines = (0..<100).map { String(Events.pending(1, UInt64(c * 100 + $0)).dropLast()) + #","pad":"\#(pad)"}"# }
            let r = try w.append(lines)
            if r.sealed != nil { sealed += 1 }
            #expect(r.sealError == nil)
        }
        try w.seal()
        try w.close()
        #expect(sealed >= 7)
        var seen = 0
        let status = try JournalReader(at: tmp.journal).forEachLine { seq, _ in
            seen += 1
            #expect(seq == UInt64(seen))
        }
        #expect(seen == 7000 && status.isClean && status.commitCount == 0)
        for unit in try J.units(tmp.journal) { #expect(unit.kind == .chunk) }
        let verify = try JournalReader.verify(at: tmp.journal)
        #expect(verify.isClean && verify.eventCount == 7000 && verify.chainHead != String(repeating: "0", count: 64))
    }

    @Test func oneWriterAtATime() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        #expect(throws: JournalError.inUse(path: tmp.journal, waitedSeconds: 0.05)) {
            try JournalWriter.open(at: tmp.journal, options: JournalOptions(lockTimeout: .milliseconds(50)))
        }
        #expect(JournalError.inUse(path: "", waitedSeconds: 0).exitCode == 69)
        // Readers take no lock.
        _ = try w.append([Events.pending(1, 0)])
        #expect(try J.read(tmp.journal).lines == Events.expected(1))
        try w.close()
        try JournalWriter.open(at: tmp.journal).close()
    }

    @Test func createRefusesExistingAndBadIDs() throws {
        let tmp = try TempDir()
        try J.create(tmp.journal).close()
        #expect(throws: JournalError.alreadyExists(path: tmp.journal)) { try J.create(tmp.journal) }
        #expect(throws: JournalError.invalidJournalID("XYZ")) {
            try JournalWriter.create(at: tmp.path + "/other.wlog", journalID: "XYZ", createdAt: J.fixedDate)
        }
        #expect(throws: JournalError.notFound(path: tmp.path + "/none.wlog")) {
            try JournalWriter.open(at: tmp.path + "/none.wlog")
        }
        try Tool.checkLZ4(tmp.journal, equals: [])
    }

    @Test func readerSkipsToAfterASequence() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        for c in 0..<10 { _ = try w.append((0..<3).map { Events.pending(1, UInt64(c * 3 + $0)) }) }
        try w.seal()
        for c in 10..<12 { _ = try w.append((0..<3).map { Events.pending(1, UInt64(c * 3 + $0)) }) }
        try w.close()
        let all = Events.expected(36)
        for after in [0, 1, 29, 30, 31, 35, 36] as [UInt64] {
            let (lines, status) = try J.read(tmp.journal, after: after)
            #expect(lines == Array(all[Int(after)...]) && status.isClean && status.lastSequence == 36)
        }
    }
}
