/// A deterministic 128-bit id from text: FNV-1a 128 (offset basis 0x6c62272e07bb014262b821756295c58d,
/// prime 2^88 + 0x13B).
///
/// Events named by what they are — an imported row, a caller's `--id` — get the same id every
/// time, so the journal skips them as duplicates on a retry or a re-import.
public struct StableHasher: Sendable {
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    private var low: UInt64 = 0x62b8_2175_6295_c58d

    /// Starts at the FNV offset basis.
    public init() {}

    /// Feeds bytes as they are: contiguous ones (a native string's UTF-8, an array) in one loop
    /// over their buffer, not one generic step a byte (a caller in another module gets this
    /// function unspecialized: the idempotency key's hash was 1 % of a POST's CPU).
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        let fed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer { add(byte) }
        }
        if fed == nil {
            for byte in bytes { add(byte) }
        }
    }

    /// Feeds one part followed by a 0x1F separator, so `("ab", "c")` and `("a", "bc")` differ.
    public mutating func combine(_ part: String) {
        feed(part.utf8)
        add(0x1F)
    }

    /// The id of everything fed so far.
    public var id: EventID { EventID(high: high, low: low) }

    /// FNV-1a step: xor the byte in, multiply by the 128-bit prime.
    private mutating func add(_ byte: UInt8) {
        low ^= UInt64(byte)
        let (carry, lowProduct) = low.multipliedFullWidth(by: 0x13B)
        high = high &* 0x13B &+ carry &+ (low << 24)
        low = lowProduct
    }
}
