import WlogCore

/// A deterministic 128-bit event id: FNV-1a 128 over the id's parts.
///
/// Imported events are named by what they are (format, workout key, row position), never by a
/// random number, so a re-import of the same rows yields the same ids and the journal skips them.
/// Parts are separated by a 0x1F byte so `("ab","c")` and `("a","bc")` differ.
struct EventIDHasher {
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    private var low: UInt64 = 0x62b8_2175_6295_c58d

    /// Starts a hash with a domain tag.
    init(_ parts: String...) {
        combine("wlog-import-v1")
        for part in parts { combine(part) }
    }

    /// Adds one part.
    mutating func combine(_ part: String) {
        for byte in part.utf8 { add(byte) }
        add(0x1F)
    }

    /// Adds one integer part as decimal text.
    mutating func combine(_ value: Int) { combine(String(value)) }

    /// FNV-1a step: xor the byte in, multiply by the 128-bit prime 2^88 + 0x13B.
    private mutating func add(_ byte: UInt8) {
        low ^= UInt64(byte)
        let (carry, lowProduct) = low.multipliedFullWidth(by: 0x13B)
        let newHigh = high &* 0x13B &+ carry &+ (low << 24)
        high = newHigh
        low = lowProduct
    }

    /// The id.
    var id: EventID { EventID(high: high, low: low) }
}
