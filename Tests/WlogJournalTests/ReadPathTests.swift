import Foundation
import Testing
@testable import WlogJournal

/// The read path's own checksum code and the line-count estimate a replay presizes with.
@Suite struct ReadPathTests {
    /// XXH32 (seed 0) as the `lz4` tool writes it (a frame's content checksum), at every length
    /// class of the loop (the 32- and 16-byte stripes, the 4-byte and 1-byte tails).
    @Test(arguments: [
        ("", 0x02CC_5D05 as UInt32), ("a", 0x550D_7456), ("abc", 0x32D1_53FF),
        ("Nobody inspects the spammish repetition", 0xE229_3B2F),
        ("0123456789abcdef", 0xC2C4_5B69), ("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN", 0xC013_10D3),
    ])
    func xxhash32MatchesTheReference(_ text: String, _ expected: UInt32) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { XXHash32.hash($0) } == expected)
    }

    /// Every length from 0 to 100 hashes as liblz4's frames expect: a frame written by liblz4
    /// with a content checksum decodes (FrameDecoder checks it with XXHash32).
    @Test func framesOfEveryLengthDecode() throws {
        let encoder = try FrameEncoder(), decoder = try FrameDecoder()
        for n in 1...100 {
            let content = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            for sealed in [false, true] {
                let frame = try content.withUnsafeBytes { try encoder.encode($0, sealed: sealed) }
                let decoded = frame.withUnsafeBytes { raw -> [UInt8]? in
                    guard case let .success(body) = decoder.decode(raw, contentSize: n) else { return nil }
                    return Array(body)
                }
                #expect(decoded == content, "length \(n), sealed \(sealed)")
            }
        }
    }

    /// A flipped byte of the content checksum, of a block checksum or of the compressed data is
    /// refused, and the decoder still decodes the next good frame.
    @Test func damagedFramesAreRefused() throws {
        let encoder = try FrameEncoder(), decoder = try FrameDecoder()
        let content = Array(String(repeating: "{\"seq\":1,\"id\":\"x\"}\n", count: 50).utf8)
        let frame = try content.withUnsafeBytes { try encoder.encode($0, sealed: true) }
        for position in [frame.count - 1, frame.count - 5, frame.count / 2, 12] {
            var bad = frame
            bad[position] ^= 0x40
            let result = bad.withUnsafeBytes { raw -> Bool in
                if case .success = decoder.decode(raw, contentSize: content.count) { return true }
                return false
            }
            #expect(!result, "byte \(position)")
            let good = frame.withUnsafeBytes { raw -> Bool in
                if case .success = decoder.decode(raw, contentSize: content.count) { return true }
                return false
            }
            #expect(good)
        }
    }

    /// Sealed chunks count exactly (their trailers), the hot tail is estimated from its frames'
    /// content sizes; a file that is not a journal counts 0.
    @Test func estimatedLineCount() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: JournalOptions(sync: { _ in 0 }))
        _ = try w.append((0..<40).map { Events.pending(1, $0) })
        try w.seal()
        _ = try w.append((40..<100).map { Events.pending(1, $0) })
        try w.seal()
        try w.close()
        #expect(try JournalReader(at: tmp.journal).estimatedLineCount() == 100)

        let w2 = try JournalWriter.open(at: tmp.journal, options: JournalOptions(sync: { _ in 0 }))
        _ = try w2.append((100..<130).map { Events.pending(1, $0) })
        try w2.close()
        var tailBytes = 0
        try JournalReader(at: tmp.journal).forEachLine(after: 100) { _, line in tailBytes += line.count + 1 }
        #expect(try JournalReader(at: tmp.journal).estimatedLineCount()
                == 100 + tailBytes / Int(JournalScanner.tailBytesPerLine))
    }

    /// A trailer that claims 2^63 − 1 lines, followed by a hot-tail commit, neither overflows the
    /// sum nor makes the estimate exceed what the file could hold (the replay presizes with it
    /// before reading anything).
    @Test func estimatedLineCountOfAHostileTrailer() throws {
        let tmp = try TempDir()
        let w = try J.create(tmp.journal, options: JournalOptions(sync: { _ in 0 }))
        _ = try w.append((0..<40).map { Events.pending(1, $0) })
        try w.seal()
        _ = try w.append((40..<45).map { Events.pending(1, $0) })
        try w.close()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: tmp.journal)))
        let claim = Array(#","count":40,"#.utf8), huge = Array(#","count":9223372036854775807,"#.utf8)
        let at = try #require((0...(bytes.count - claim.count)).first { Array(bytes[$0..<$0 + claim.count]) == claim })
        let magic = JournalFormat.trailerMagic.littleEndianBytes
        let frame = try #require((0..<at).reversed().first { Array(bytes[$0..<$0 + 4]) == magic })
        let size = bytes.withUnsafeBytes { UInt32(littleEndianAt: frame + 4, of: $0) } + UInt32(huge.count - claim.count)
        bytes.replaceSubrange(at..<at + claim.count, with: huge)
        bytes.replaceSubrange(frame + 4..<frame + 8, with: size.littleEndianBytes)
        try Data(bytes).write(to: URL(fileURLWithPath: tmp.journal))
        let estimate = try JournalReader(at: tmp.journal).estimatedLineCount()
        #expect(estimate == bytes.count / JournalScanner.leastBytesPerLine)
    }
}
