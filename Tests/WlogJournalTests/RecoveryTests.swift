import Foundation
import Testing
@testable import WlogJournal

@Suite struct RecoveryTests {
    /// Cuts the file at every byte of its last two units and checks what a writer recovers.
    private func truncateEverywhere(sealFirst: Bool) throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        for c in 0..<4 { _ = try w.append([Events.pending(1, UInt64(2 * c)), Events.pending(1, UInt64(2 * c + 1))]) }
        if sealFirst { try w.seal() }
        _ = try w.append([Events.pending(1, 8), Events.pending(1, 9)])
        try w.close()
        let original = try J.bytes(tmp.journal)
        let units = try J.units(tmp.journal)
        let from = units[units.count - 2].range.lowerBound
        // Stock lz4 (a slow process spawn) on a few representative cuts: a boundary, torn headers, torn data.
        let lz4Cuts: Set<Int> = [from, from + 3, from + 10, (from + original.count) / 2, original.count - 1]
        for cut in from..<original.count {
            try? FileManager.default.removeItem(atPath: tmp.journal + ".quarantine")
            try J.tear(Array(original[..<cut]), to: tmp.journal)
            // The longest valid prefix: whole units, or a chunk's frame whose trailer was cut.
            var keep = units[0].range.lowerBound, events: UInt64 = 0
            for u in units {
                if u.range.upperBound <= cut { keep = u.range.upperBound; events = u.lastSeq }
                else if u.kind == .chunk && u.frameEnd <= cut { keep = u.frameEnd; events = u.lastSeq }
            }
            // Syncs are not under test here: skip them to keep ~1,000 recoveries fast.
            let writer = try JournalWriter.open(at: tmp.journal, options: JournalOptions(sync: { _ in 0 }))
            #expect(writer.lastSequence == events, "cut at \(cut)")
            if keep == cut {
                #expect(writer.recovered == nil, "cut at \(cut) is a frame boundary")
            } else {
                let report = try #require(writer.recovered, "cut at \(cut)")
                #expect(report.fault.kind == .tornTail && report.fault.offset == keep && report.previousSize == cut)
                #expect(try J.bytes(report.quarantinePath) == Array(original[keep..<cut]))
            }
            try writer.close()
            #expect(try J.bytes(tmp.journal) == Array(original[..<keep]))
            let (lines, status) = try J.read(tmp.journal)
            #expect(lines == Events.expected(Int(events)) && status.isClean, "cut at \(cut)")
            if lz4Cuts.contains(cut) { try Tool.checkLZ4(tmp.journal, equals: Events.expected(Int(events))) }
        }
    }

    @Test func truncatedAtEveryOffsetOfTheLastTwoCommits() throws {
        try truncateEverywhere(sealFirst: false)
    }

    @Test func truncatedAtEveryOffsetOfALastChunkAndCommit() throws {
        try truncateEverywhere(sealFirst: true)
    }

    @Test(arguments: [1, 3, 4, 15, 4096])
    func zeroBytesAppendedAreQuarantined(count: Int) throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 3, perCommit: 2)
        let original = try J.bytes(tmp.journal)
        try J.write(original + [UInt8](repeating: 0, count: count), to: tmp.journal)
        let before = try J.read(tmp.journal)
        #expect(before.lines == Events.expected(6) && before.status.faults.first?.kind == .tornTail)
        #expect(try !JournalReader.verify(at: tmp.journal).isClean)
        let w = try JournalWriter.open(at: tmp.journal)
        let report = try #require(w.recovered)
        #expect(report.fault.offset == original.count && report.lastSequence == 6)
        #expect(try J.bytes(report.quarantinePath) == [UInt8](repeating: 0, count: count))
        _ = try w.append([Events.pending(1, 6)])
        try w.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(7))
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(7))
    }

    /// A complete last commit whose content checksum fails is a torn tail; its lines, which still
    /// parse, are saved as pending lines beside the quarantined bytes (issue 20, item 10).
    /// (Never acknowledged: with the acknowledgement record it is damage, `AcknowledgementTests`.)
    @Test func aCompleteLastCommitFailingItsChecksumIsSalvaged() throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 3, perCommit: 2)
        var bytes = try J.bytes(tmp.journal)
        bytes[bytes.count - 2] ^= 0x01  // the content checksum's third byte
        try J.tear(bytes, to: tmp.journal)
        let writer = try JournalWriter.open(at: tmp.journal, options: JournalOptions(sync: { _ in 0 }))
        defer { try? writer.close() }
        let report = try #require(writer.recovered)
        #expect(report.fault.kind == .tornTail && writer.lastSequence == 4)
        let salvage = try #require(report.salvagePath)
        #expect(report.salvagedEvents == 2)
        #expect(String(decoding: try J.bytes(salvage), as: UTF8.self) == Events.pending(1, 4) + "\n" + Events.pending(1, 5) + "\n")
    }

    @Test func damagedHeaderIsNeverRecoveredAutomatically() throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 2)
        var bytes = try J.bytes(tmp.journal)
        bytes[20] ^= 0x01
        try J.write(bytes, to: tmp.journal)
        #expect { try JournalWriter.open(at: tmp.journal) } throws: { error in
            guard case let JournalError.damaged(status) = error else { return false }
            return status.faults.first?.kind == .header && (error as? JournalError)?.exitCode == 74
        }
        #expect(throws: JournalError.self) { try JournalReader(at: tmp.journal) }
        #expect(try JournalReader.verify(at: tmp.journal).faults.first?.kind == .header)
        #expect(throws: JournalError.self) { try JournalWriter.repair(at: tmp.journal) }
    }

    @Test func leftoverSealTempFileIsRemovedOnOpen() throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 2)
        try J.write([1, 2, 3], to: tmp.journal + ".seal-tmp")
        try JournalWriter.open(at: tmp.journal).close()
        #expect(!FileManager.default.fileExists(atPath: tmp.journal + ".seal-tmp"))
        #expect(try J.read(tmp.journal).lines == Events.expected(2))
    }
}
