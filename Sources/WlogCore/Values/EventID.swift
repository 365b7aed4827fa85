/// A 128-bit event identifier, written as 32 lowercase hex digits.
///
/// Sets, workouts, body-weight entries and routines are named by the id of the event that
/// created them. Shown as the first 8 hex digits; any unique prefix of 4 or more is accepted.
@PublicInit
public struct EventID: Sendable, Hashable, Comparable, Codable {
    /// The high 64 bits.
    public var high: UInt64
    /// The low 64 bits.
    public var low: UInt64

    /// A random id from the given generator.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> EventID {
        EventID(high: generator.next(), low: generator.next())
    }

    /// Parses exactly 32 hex digits (either case).
    public init?(hex text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 32 else { return nil }
        var h: UInt64 = 0, l: UInt64 = 0
        for (i, b) in bytes.enumerated() {
            guard let v = hexValue(b) else { return nil }
            if i < 16 { h = h << 4 | UInt64(v) } else { l = l << 4 | UInt64(v) }
        }
        self.init(high: h, low: l)
    }

    /// The 32 lowercase hex digits.
    public var hex: String {
        String(unsafeUninitializedCapacity: 32) { writeHex(into: $0, at: 0) }
    }

    /// Writes the 32 hex digits at `buffer[start...]`; returns the index after them.
    public func writeHex(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        EventID.write(high, into: buffer, at: start)
        EventID.write(low, into: buffer, at: start + 16)
        return start + 32
    }

    /// Writes the 16 hex digits of `value` at `buffer[start...]`.
    private static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        precondition(start >= 0 && start + 16 <= buffer.count)
        guard let base = buffer.baseAddress.map(UnsafeMutableRawPointer.init) else { return }
        base.storeBytes(of: hexDigits(UInt32(value >> 32)).littleEndian, toByteOffset: start, as: UInt64.self)
        base.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: value)).littleEndian, toByteOffset: start + 8, as: UInt64.self)
    }

    /// The 8 lowercase hex digits of `value` in one word, the first digit in its lowest byte: each
    /// nibble spread into a byte of its own, then `0`…`9`/`a`…`f` added to all eight at once
    /// (a few instructions for all eight, where a digit at a time cost nearly as much per digit).
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var lanes = UInt64(value)
        lanes = (lanes | (lanes << 16)) & 0x0000_FFFF_0000_FFFF
        lanes = (lanes | (lanes << 8)) & 0x00FF_00FF_00FF_00FF
        lanes = (lanes | (lanes << 4)) & 0x0F0F_0F0F_0F0F_0F0F  // byte i: nibble i, the lowest first
        let letters = ((lanes &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101  // 1 where the nibble is 10…15
        return (lanes &+ 0x3030_3030_3030_3030 &+ letters &* 39).byteSwapped  // `a` is 39 past `0` + 10
    }

    /// The 8-digit form shown to lifters (the first 8 of `hex`, a string stored inline).
    public var short: String {
        ASCIIDigits.string(capacity: 16) { buffer in
            EventID.write(high, into: buffer, at: 0)
            return 8
        }
    }

    public static func < (lhs: EventID, rhs: EventID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

extension EventID: CustomStringConvertible {
    public var description: String { hex }
}

/// The value of one ASCII hex digit, or `nil`.
@inline(__always)
func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 48...57: return b - 48
    case 97...102: return b - 87
    case 65...70: return b - 55
    default: return nil
    }
}

/// The lowercase ASCII hex digit for 0…15.
@inline(__always)
func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 87 + v }
