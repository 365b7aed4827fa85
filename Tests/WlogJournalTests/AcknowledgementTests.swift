import Foundation
import Testing
@testable import WlogJournal

/// The acknowledgement record (`Acknowledgement`, issue 37): a damaged or missing end of a journal
/// whose events were acknowledged is damage, reported and kept, never taken for a torn write.
@Suite struct AcknowledgementTests {
    /// Three commits of two events (six acknowledged), the last one's lines at `last`.
    private func journal(_ tmp: TempDir) throws -> (bytes: [UInt8], last: J.Unit) {
        try J.make(tmp.journal, commits: 3, perCommit: 2)
        return (try J.bytes(tmp.journal), try #require(try J.units(tmp.journal).last))
    }

    @Test func theRecordIsOneFixedLineWrittenAfterEachSync() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal)
        _ = try w.append([Events.pending(1, 0), Events.pending(1, 1)])
        #expect(String(decoding: try J.bytes(tmp.journal + ".acked"), as: UTF8.self)
            == "wlog-acked 1 \(J.journalID) 00000000000000000002\n")
        _ = try w.append([Events.pending(1, 2)])
        try w.seal()
        #expect(Acknowledgement.read(journal: tmp.journal) == Acknowledgement(journalID: J.journalID, through: 3))
        try w.close()
    }

    /// A writer whose caller flushes (the server's group flush) records nothing itself.
    @Test func byCallerLeavesTheRecordToTheCaller() throws {
        let tmp = try TempDir()
        var options = JournalOptions()
        options.durability = .byCaller
        let w = try J.create(tmp.journal, options: options)
        _ = try w.append([Events.pending(1, 0)])
        #expect(Acknowledgement.read(journal: tmp.journal) == nil)
        Acknowledgement.record(1, journalID: J.journalID, journal: tmp.journal)
        #expect(Acknowledgement.read(journal: tmp.journal)?.through == 1)
        // The caller's flush recorded through the writer's own record file: never past what it wrote.
        _ = try w.append([Events.pending(1, 1)])
        w.recordFlushed(through: 3)
        #expect(Acknowledgement.read(journal: tmp.journal)?.through == 1)
        w.recordFlushed(through: 2)
        #expect(Acknowledgement.read(journal: tmp.journal) == Acknowledgement(journalID: J.journalID, through: 2))
        try w.close()
        w.recordFlushed(through: 1)
        #expect(Acknowledgement.read(journal: tmp.journal)?.through == 2, "a closed writer records nothing")
    }

    /// The last-frame test: one byte flipped in the acknowledged last commit is damage.
    /// The reader says so (events 1…4 readable, 5…6 missing), the next writer refuses to open
    /// instead of moving the commit to quarantine, the file stays as it is; `repair` quarantines
    /// it (its lines salvaged when they parse) and lowers the record, and writing goes on.
    @Test(arguments: [-2, -12, 30])
    func aByteFlippedInTheAcknowledgedLastCommitIsDamage(at offset: Int) throws {
        let tmp = try TempDir()
        var (bytes, last) = try journal(tmp)
        let at = offset < 0 ? bytes.count + offset : last.range.lowerBound + offset
        bytes[at] ^= 0x01
        try J.write(bytes, to: tmp.journal)

        let (lines, status) = try J.read(tmp.journal)
        #expect(lines == Events.expected(4))
        let fault = try #require(status.faults.first)
        #expect(fault.kind == .damagedTail && fault.offset == last.range.lowerBound && fault.end == bytes.count)
        #expect(fault.description.contains("events 5…6"), "\(fault)")
        #expect(status.advice?.contains("wlog repair") == true)
        #expect(try JournalReader.verify(at: tmp.journal).faults == status.faults)
        #expect { try JournalWriter.open(at: tmp.journal) } throws: { error in
            guard case let JournalError.damaged(found) = error else { return false }
            return found.faults.first?.kind == .damagedTail
        }
        #expect(try J.bytes(tmp.journal) == bytes)
        #expect(!FileManager.default.fileExists(atPath: tmp.journal + ".quarantine"))

        let report = try #require(try JournalWriter.repair(at: tmp.journal))
        #expect(report.fault.kind == .damagedTail && report.lastSequence == 4)
        #expect(try J.bytes(report.quarantinePath) == Array(bytes[last.range.lowerBound...]))
        #expect(Acknowledgement.read(journal: tmp.journal)?.through == 4)
        let w = try JournalWriter.open(at: tmp.journal)
        #expect(w.recovered == nil && w.lastSequence == 4)
        _ = try w.append([Events.pending(1, 4), Events.pending(1, 5)])
        try w.close()
        #expect(try J.read(tmp.journal).lines == Events.expected(6))
        try Tool.checkLZ4(tmp.journal, equals: Events.expected(6))
    }

    /// A journal cut at a frame boundary after its last commit was acknowledged: nothing in the
    /// file is bad, yet events are missing — damage, until `repair` lowers the record.
    @Test func aJournalCutShortOfWhatWasAcknowledgedIsDamage() throws {
        let tmp = try TempDir()
        let (bytes, last) = try journal(tmp)
        try J.write(Array(bytes[..<last.range.lowerBound]), to: tmp.journal)
        let (lines, status) = try J.read(tmp.journal)
        #expect(lines == Events.expected(4))
        #expect(status.faults.first?.kind == .damagedTail && status.faults.first?.offset == last.range.lowerBound)
        #expect(throws: JournalError.self) { try JournalWriter.open(at: tmp.journal) }
        let report = try #require(try JournalWriter.repair(at: tmp.journal))
        #expect(report.lastSequence == 4 && report.salvagePath == nil)
        #expect(try J.read(tmp.journal).status.isClean)
        try JournalWriter.open(at: tmp.journal).close()
    }

    /// A record that names another journal (one that had this path before), or none at all, is
    /// nothing known: the bad last frame is then a torn write, as before the record existed.
    @Test func anotherJournalsRecordIsIgnored() throws {
        let tmp = try TempDir()
        var (bytes, _) = try journal(tmp)
        bytes[bytes.count - 2] ^= 0x01
        try J.write(bytes, to: tmp.journal)
        Acknowledgement.record(6, journalID: String(repeating: "f", count: 32), journal: tmp.journal)
        #expect(try J.read(tmp.journal).status.faults.first?.kind == .tornTail)
        try J.write(Array("wlog-acked 1 garbage\n".utf8), to: tmp.journal + ".acked")
        let w = try JournalWriter.open(at: tmp.journal)
        #expect(w.recovered?.fault.kind == .tornTail && w.lastSequence == 4)
        try w.close()
    }
}
