import Foundation
import Testing
@testable import WlogJournal

/// One bit flipped in each field of a middle frame and of the last frame.
@Suite struct DamageTests {
    /// A field of a unit: where to flip, relative to the unit, and whether it belongs to the trailer.
    enum Field: String, CaseIterable {
        case magic, flags, blockDescriptor, contentSize, headerChecksum, blockSize, blockData, blockChecksum
        case endMark, contentChecksum, trailerMagic, trailerSize, trailerFirst, trailerDigest, trailerChain

        var inTrailer: Bool { rawValue.hasPrefix("trailer") }

        /// The byte to flip in `unit` of `bytes`, or nil if the unit has no such field.
        func offset(in unit: J.Unit, of bytes: [UInt8]) -> Int? {
            let o = unit.range.lowerBound, end = unit.frameEnd, chunk = unit.kind == .chunk
            switch self {
            case .magic: return o
            case .flags: return o + 4
            case .blockDescriptor: return o + 5
            case .contentSize: return o + 6
            case .headerChecksum: return o + 14
            case .blockSize: return o + 15
            case .blockData: return o + 19 + 7
            case .blockChecksum: return chunk ? end - 12 : nil
            case .endMark: return end - 8
            case .contentChecksum: return end - 2
            case .trailerMagic: return chunk ? end : nil
            case .trailerSize: return chunk ? end + 4 : nil
            case .trailerFirst, .trailerDigest, .trailerChain:
                guard chunk else { return nil }
                let key = self == .trailerFirst ? #""first":"# : self == .trailerDigest ? #""sha256":""# : #""chain":""#
                let payload = Array(bytes[(end + 8)..<unit.range.upperBound])
                let k = Array(key.utf8)
                guard let i = (0...(payload.count - k.count)).first(where: { Array(payload[$0..<($0 + k.count)]) == k }) else { return nil }
                return end + 8 + i + k.count + 1
            }
        }
    }

    /// Journal A: chunk(1-6), chunk(7-12), commits 13-14, 15-16, 17-18.
    private func makeJournal(_ path: String, endWithChunk: Bool) throws {
        let w = try J.create(path, options: JournalOptions(sync: { _ in 0 }))
        var i: UInt64 = 0
        func commit() throws {
            _ = try w.append([Events.pending(1, i), Events.pending(1, i + 1)])
            i += 2
        }
        for _ in 0..<3 { try commit() }
        try w.seal()
        for _ in 0..<3 { try commit() }
        try w.seal()
        if !endWithChunk { for _ in 0..<3 { try commit() } }
        try w.close()
    }

    /// Flips `field` of unit `index` and checks reader, verify, writer open and repair outcomes.
    /// `acknowledged` false removes the journal's acknowledgement record first (`Acknowledgement`):
    /// a last unit that was never acknowledged, i.e. a torn write.
    private func check(field: Field, unitIndex: (Int) -> Int, endWithChunk: Bool, acknowledged: Bool = true) throws {
        let tmp = try TempDir()
        try makeJournal(tmp.journal, endWithChunk: endWithChunk)
        let units = try J.units(tmp.journal)
        let index = unitIndex(units.count)
        let unit = units[index]
        var bytes = try J.bytes(tmp.journal)
        guard let at = field.offset(in: unit, of: bytes) else { return }
        bytes[at] ^= 0x01
        try J.write(bytes, to: tmp.journal)
        if !acknowledged { try FileManager.default.removeItem(atPath: tmp.journal + ".acked") }

        // Damage to a trailer leaves its intact frame readable; damage to the frame loses it.
        let good: UInt64 = field.inTrailer ? unit.lastSeq : (index == 0 ? 0 : units[index - 1].lastSeq)
        let badOffset = field.inTrailer ? unit.frameEnd : unit.range.lowerBound
        let isLast = index == units.count - 1
        let all = units[units.count - 1].lastSeq
        let context = "\(field) of unit \(index) (\(unit.kind)), acknowledged: \(acknowledged)"
        // A bad last unit is a torn write only when none of its events was acknowledged (a last
        // chunk's trailer loses no event: its frame stays readable).
        let kind: JournalFault.Kind = !isLast ? .damaged : acknowledged && good < all ? .damagedTail : .tornTail

        let (lines, status) = try J.read(tmp.journal)
        #expect(lines == Events.expected(Int(good)), "\(context)")
        #expect(status.faults.first?.kind == kind, "\(context)")
        #expect(status.faults.first?.offset == badOffset && status.validBytes == badOffset, "\(context)")
        #expect(try JournalReader.verify(at: tmp.journal).faults == status.faults)

        if kind == .tornTail {
            let w = try JournalWriter.open(at: tmp.journal)
            let report = try #require(w.recovered, "\(context)")
            #expect(report.fault.offset == badOffset && w.lastSequence == good, "\(context)")
            #expect(try J.bytes(report.quarantinePath) == Array(bytes[badOffset...]))
            try w.close()
            try Tool.checkLZ4(tmp.journal, equals: Events.expected(Int(good)))
        } else {
            #expect(throws: JournalError.self, "\(context)") { try JournalWriter.open(at: tmp.journal) }
            let report = try #require(try JournalWriter.repair(at: tmp.journal), "\(context)")
            #expect(report.fault.kind == kind && report.lastSequence == good)
            #expect(try J.bytes(report.quarantinePath) == Array(bytes[badOffset...]))
            // Readable events after the damage are salvaged as pending lines; re-appending restores them.
            let salvage = try report.salvagePath.map { try String(contentsOfFile: $0, encoding: .utf8) }
            let pending = salvage?.split(separator: "\n").map(String.init) ?? []
            if kind == .damaged {
                // Everything after the damaged unit; the damaged frame's own events stay in quarantine only.
                #expect(pending == ((unit.lastSeq + 1)...all).map { Events.pending(1, $0 - 1) }, "\(context)")
            } else {
                // A damaged last commit's own lines, when they still parse (suspect: `--salvage` checks them).
                #expect(pending.isEmpty || pending == ((good + 1)...all).map { Events.pending(1, $0 - 1) }, "\(context)")
                #expect(Acknowledgement.read(journal: tmp.journal)?.through == good, "\(context)")
            }
            let w = try JournalWriter.open(at: tmp.journal)
            #expect(w.recovered == nil && w.lastSequence == good)
            let receipt = try w.append(pending)
            try w.close()
            #expect(receipt.duplicates.isEmpty && receipt.lastSequence == good + UInt64(pending.count))
            #expect(try JournalReader.verify(at: tmp.journal).isClean)
        }
    }

    @Test(arguments: Field.allCases)
    func middleChunk(field: Field) throws {
        try check(field: field, unitIndex: { _ in 1 }, endWithChunk: false)
    }

    @Test(arguments: Field.allCases)
    func middleCommit(field: Field) throws {
        try check(field: field, unitIndex: { $0 - 2 }, endWithChunk: false)
    }

    @Test(arguments: Field.allCases, [true, false])
    func lastCommit(field: Field, acknowledged: Bool) throws {
        try check(field: field, unitIndex: { $0 - 1 }, endWithChunk: false, acknowledged: acknowledged)
    }

    @Test(arguments: Field.allCases, [true, false])
    func lastChunk(field: Field, acknowledged: Bool) throws {
        try check(field: field, unitIndex: { $0 - 1 }, endWithChunk: true, acknowledged: acknowledged)
    }
}
