import Foundation
import PropertyBased
import Testing
@testable import WlogJournal

@Suite struct PropertyTests {
    /// Random commit sizes, payloads and seals: reading gives back exactly the appended lines.
    @Test func randomBatchesReadBackIdentically() async throws {
        let batches = Gen.int(in: 1...6).array(of: 1...12)
        let payloads = Gen.letterOrNumber.string(of: 0...40)
        await propertyCheck(count: 25, input: batches, payloads, Gen.int(in: 0...3)) { sizes, payload, sealEvery in
            let tmp = try TempDir()
            let w = try J.create(tmp.journal, options: JournalOptions(sealThreshold: 1 << 30, sync: { _ in 0 }))
            var expected: [String] = []
            var index: UInt64 = 0
            for (n, size) in sizes.enumerated() {
                let lines = (0..<size).map { k -> String in
                    defer { index += 1 }
                    return #"{"id":"\#(Events.id(7, index))","type":"note","v":1,"text":"\#(payload)\#(k)"}"#
                }
                let receipt = try w.append(lines)
                expected += lines.enumerated().map { Events.committed($1, seq: UInt64(expected.count + $0 + 1)) }
                #expect(receipt.lastSequence == UInt64(expected.count))
                if sealEvery > 0 && n % sealEvery == 0 { try w.seal() }
            }
            try w.close()
            let (lines, status) = try J.read(tmp.journal)
            #expect(lines == expected && status.isClean)
        }
    }

    /// Any truncation yields a prefix of the events, never anything else.
    @Test func randomTruncationOnlyEverYieldsAPrefix() async throws {
        let tmp = try TempDir()
        try J.make(tmp.journal, commits: 6, perCommit: 3, options: JournalOptions(sync: { _ in 0 }))
        let w = try JournalWriter.open(at: tmp.journal, options: JournalOptions(sync: { _ in 0 }))
        try w.seal()
        for c in 6..<10 { _ = try w.append((0..<3).map { Events.pending(1, UInt64(c * 3 + $0)) }) }
        try w.close()
        let original = try J.bytes(tmp.journal)
        let all = Events.expected(30)
        let headerEnd = try J.units(tmp.journal)[0].range.lowerBound
        let path = tmp.path + "/cut.wlog"
        await propertyCheck(count: 120, input: Gen.int(in: 0...original.count)) { cut in
            try J.write(Array(original[..<cut]), to: path)
            guard let reader = try? JournalReader(at: path) else {
                #expect(cut < headerEnd, "only a cut inside the header makes the file unreadable")
                return
            }
            var lines: [String] = []
            try reader.forEachLine { _, line in lines.append(String(decoding: line, as: UTF8.self)) }
            #expect(Array(all.prefix(lines.count)) == lines)
            let writer = try JournalWriter.open(at: path, options: JournalOptions(sync: { _ in 0 }))
            #expect(writer.lastSequence == UInt64(lines.count))
            try writer.close()
        }
    }
}
