/// Constants of the journal file format (`journal.md`): magics, the fixed H0 bytes and limits.
///
/// Layout of `journal.wlog`:
/// ```
/// H0  the 15 bytes of `lz4 -c /dev/null` (an empty LZ4 frame)
/// H1  skippable frame 0x184D2A50: JSON header (see `JournalHeader`)
/// C*  sealed chunks: LZ4 frame (HC 12, 1 MiB blocks, block + content checksums, content size)
///     followed by a skippable trailer frame 0x184D2A51 (see `SealedChunkTrailer`)
/// T*  hot tail: one LZ4 frame per commit (content checksum and content size on)
/// ```
/// Every frame's content is whole lines, each `{"seq":N,"id":"…",…}\n`.
public enum JournalFormat {
    /// The format version written into the header and accepted when reading.
    public static let version = 1
    /// The writer string recorded in headers of journals this library creates.
    public static let libraryVersion = "0.1.0"

    /// Magic number of an LZ4 frame (little-endian in the file).
    static let lz4Magic: UInt32 = 0x184D_2204
    /// Magic of the header skippable frame H1.
    static let headerMagic: UInt32 = 0x184D_2A50
    /// Magic of the skippable frame that follows each sealed chunk.
    static let trailerMagic: UInt32 = 0x184D_2A51
    /// Mask/value identifying any skippable frame (0x184D2A50…5F).
    static let skippableMask: UInt32 = 0xFFFF_FFF0

    /// H0: exactly the bytes `lz4 -c /dev/null` prints (liblz4 1.9.x).
    static let emptyFrame: [UInt8] = [
        0x04, 0x22, 0x4D, 0x18, 0x64, 0x40, 0xA7, 0x00, 0x00, 0x00, 0x00, 0x05, 0x5D, 0xCC, 0x02,
    ]

    /// Most bytes of lines a sealed chunk holds, and the longest line accepted (with its `\n`).
    public static let maxChunkContent = 1 << 20
    /// Longest event line a writer takes, without its `\n`: what still fits a sealed chunk once
    /// the journal has put its `"seq"` in (30 bytes, an upper bound).
    public static let maxLineBytes = maxChunkContent - 30
    /// Most bytes of lines one commit (one hot-tail frame) may hold.
    public static let maxCommitContent = 64 << 20
    /// Longest event id accepted, in bytes.
    public static let maxIDLength = 64
    /// Largest header or trailer payload accepted when reading.
    static let maxSkippablePayload = 64 << 10

    /// Suffixes of the sidecar files beside the journal.
    static let lockSuffix = ".lock"
    /// What sealing by copying the whole file left behind after a crash (removed on open).
    static let sealTempSuffix = ".seal-tmp"
    /// The seal record (`SealIntent`).
    static let sealIntentSuffix = ".seal"
    static let createTempSuffix = ".create-tmp"
    static let quarantineSuffix = ".quarantine"
}

extension JournalFormat {
    /// `value` in decimal, zero-padded to `digits` digits: the fixed-length numbers of the records
    /// kept beside a journal (`Acknowledgement`, `SealIntent`).
    static func zeroPadded(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.utf8.count)) + text
    }
}

extension UInt32 {
    /// The four little-endian bytes of the value.
    var littleEndianBytes: [UInt8] {
        [UInt8(self & 0xFF), UInt8((self >> 8) & 0xFF), UInt8((self >> 16) & 0xFF), UInt8(self >> 24)]
    }

    /// Reads a little-endian value from the first four bytes of `bytes`.
    init(littleEndianAt offset: Int, of bytes: UnsafeRawBufferPointer) {
        assert(offset + 4 <= bytes.count)
        self = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}

/// The bytes of a hexadecimal string (lower case), or nil when it is not one.
package func hexDecoded(_ hex: some StringProtocol) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
        guard let hi = hexValue(digits[index]), let lo = hexValue(digits[index + 1]) else { return nil }
        out.append(hi << 4 | lo)
        index += 2
    }
    return out
}

/// Lower-case hexadecimal of bytes.
package func hexString(_ bytes: some Sequence<UInt8>) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for b in bytes {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}
