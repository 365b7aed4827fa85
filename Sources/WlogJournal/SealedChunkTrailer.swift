import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The skippable frame that follows each sealed chunk and ties it into the chain.
///
/// Encoding (all integers little-endian):
/// ```
/// 51 2A 4D 18          magic 0x184D2A51 (an LZ4 skippable frame; stock lz4 skips it)
/// u32                  payload length in bytes
/// payload              UTF-8 JSON, no white space, no trailing newline, keys in this order:
///   {"first":F,"last":L,"count":C,"sha256":"<64 hex>","chain":"<64 hex>"}
/// ```
/// `first`/`last` are the sequence numbers of the chunk's first and last line, `count` its number
/// of lines (`last - first + 1`), `sha256` the lower-case hex SHA-256 of the chunk's decompressed
/// bytes (the lines with their `\n`), and `chain` the lower-case hex of
/// SHA-256(previous chain's 32 bytes ‖ this chunk's 32 digest bytes); the previous chain of the
/// first chunk is 32 zero bytes. Numbers are decimal without leading zeros. A trailer is accepted
/// only if re-encoding its decoded values gives the same bytes.
struct SealedChunkTrailer: Equatable {
    var first: UInt64
    var last: UInt64
    var count: UInt64
    var sha256: String
    var chain: String

    /// The chain value before any chunk.
    static let zeroChain = [UInt8](repeating: 0, count: 32)

    /// SHA-256(previous ‖ digest).
    static func nextChain(_ previous: [UInt8], digest: [UInt8]) -> [UInt8] {
        assert(previous.count == 32 && digest.count == 32)
        var hasher = SHA256()
        hasher.update(data: previous)
        hasher.update(data: digest)
        return Array(hasher.finalize())
    }

    /// The JSON payload.
    var payload: [UInt8] {
        Array(#"{"first":\#(first),"last":\#(last),"count":\#(count),"sha256":"\#(sha256)","chain":"\#(chain)"}"#.utf8)
    }

    /// The whole skippable frame: magic, length, payload.
    var encoded: [UInt8] {
        let body = payload
        return JournalFormat.trailerMagic.littleEndianBytes + UInt32(body.count).littleEndianBytes + body
    }

    /// Decodes a payload, accepting only the canonical encoding above.
    ///
    /// Read field by field in the fixed order (every open and every read walks the trailers, and
    /// a generic JSON decoder cost more than the rest of a read command's journal work).
    static func decode(_ payload: UnsafeRawBufferPointer) -> SealedChunkTrailer? {
        var reader = TrailerReader(payload)
        guard reader.literal(#"{"first":"#), let first = reader.number(),
              reader.literal(#","last":"#), let last = reader.number(),
              reader.literal(#","count":"#), let count = reader.number(),
              reader.literal(#","sha256":""#), let sha256 = reader.hex64(),
              reader.literal(#"","chain":""#), let chain = reader.hex64(),
              reader.literal(#""}"#), reader.isAtEnd
        else { return nil }
        // The literals, the lower-case hex and the numbers without leading zeros are all that
        // could differ from `payload` re-encoded: what was checked is the canonical form.
        return SealedChunkTrailer(first: first, last: last, count: count, sha256: sha256, chain: chain)
    }

}

extension SealedChunkTrailer {
    /// The trailer for `content` (lines `first…last`) following the chain value `previousChain`.
    init(content: UnsafeRawBufferPointer, first: UInt64, last: UInt64, previousChain: [UInt8]) {
        let digest = Array(SHA256.hash(data: content))
        self.init(first: first, last: last, count: last - first + 1, sha256: hexString(digest),
                  chain: hexString(Self.nextChain(previousChain, digest: digest)))
    }
}

/// The value of one lower-case hex digit.
@inline(__always)
func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    default: nil
    }
}

/// Reads the fixed fields of a trailer payload, front to back.
private struct TrailerReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    /// Consumes `text` if the payload continues with it.
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let expected = UnsafeRawBufferPointer(start: text.utf8Start, count: count)
        guard bytes[offset..<offset + count].elementsEqual(expected) else { return false }
        offset += count
        return true
    }

    /// A decimal number of 1 to 19 digits, without leading zeros (canonical).
    mutating func number() -> UInt64? {
        var value: UInt64 = 0
        let start = offset
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "0"), bytes[offset + 1] &- UInt8(ascii: "0") <= 9 {
            return nil
        }
        while offset < bytes.count, offset - start < 19, case let d = bytes[offset] &- UInt8(ascii: "0"), d <= 9 {
            value = value * 10 + UInt64(d)
            offset += 1
        }
        return offset > start ? value : nil
    }

    /// 64 lower-case hex digits.
    mutating func hex64() -> String? {
        guard bytes.count - offset >= 64 else { return nil }
        let digits = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 64])
        guard digits.allSatisfy({ hexValue($0) != nil }) else { return nil }
        offset += 64
        return String(decoding: digits, as: UTF8.self)
    }
}
