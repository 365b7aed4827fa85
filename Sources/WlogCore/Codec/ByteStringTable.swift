/// A perfect-hash table from short ASCII byte strings (≤ 32 bytes) to small integers.
///
/// The decoder uses it to turn a key or a `type` value straight from the line's bytes into an
/// index with a few multiplications and one slot compare, without making a `String`. The table is
/// built once from the known strings: it searches a multiplier under which no two strings share a
/// slot, so a lookup is one hash, one slot and an exact compare of length and packed bytes.
struct ByteStringTable: @unchecked Sendable {
    /// One slot: the packed bytes (little-endian, zero-padded), the length and the value (−1 = empty).
    struct Slot: Sendable {
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
        var length: Int = -1
        var value: Int = -1
    }

    /// Immortal slot storage (built once per table, never freed), so a lookup touches no
    /// reference count.
    private let slots: UnsafePointer<Slot>
    private let multiplier: UInt64
    private let shift: UInt64
    private let mask: Int

    /// Where the search for a multiplier ended: the table size (2^`bits` slots) and the attempt
    /// whose multiplier gave every string its own slot.
    struct Placement: Hashable, Sendable {
        var bits: UInt64
        var attempt: Int
    }

    /// Where this table's search ended (a known placement to pass next time).
    let placement: Placement

    /// Builds the table; the strings must be distinct and at most 32 bytes long.
    ///
    /// The search tries multipliers until no two strings share a slot, which for a few hundred
    /// strings takes thousands of attempts (paid by every process at its start). `known`, when it
    /// still places every string (the tables of the built-in strings keep theirs beside them,
    /// checked by `ByteStringTableTests`), skips the search; when the strings changed and it no
    /// longer does, the search runs as before.
    init(_ strings: [String], known: Placement? = nil) {
        let packed = strings.map { string -> (UInt64, UInt64, UInt64, UInt64, Int) in
            let bytes = Array(string.utf8)
            precondition(bytes.count <= 32, "table strings are at most 32 bytes")
            var w: [UInt64] = [0, 0, 0, 0]
            for (i, b) in bytes.enumerated() { w[i >> 3] |= UInt64(b) << UInt64((i & 7) * 8) }
            return (w[0], w[1], w[2], w[3], bytes.count)
        }
        var bits: UInt64 = 4
        while (1 << bits) < strings.count * 4 { bits += 1 }
        var attempt = 0
        var found: (table: [Slot], placement: Placement)?
        if let known, known.bits >= bits, known.bits < 32,
           let table = Self.place(packed, bits: known.bits, multiplier: Self.multiplier(attempt: known.attempt)) {
            found = (table, known)
        }
        while found == nil {
            attempt += 1
            if let table = Self.place(packed, bits: bits, multiplier: Self.multiplier(attempt: attempt)) {
                found = (table, Placement(bits: bits, attempt: attempt))
            } else if attempt % 4096 == 0 {
                bits += 1
            }
        }
        guard let (table, placement) = found else { preconditionFailure("the search ends only when found") }
        let storage = UnsafeMutablePointer<Slot>.allocate(capacity: table.count)
        storage.initialize(from: table, count: table.count)
        slots = UnsafePointer(storage)
        multiplier = Self.multiplier(attempt: placement.attempt)
        shift = 64 - placement.bits
        mask = (1 << Int(placement.bits)) - 1
        self.placement = placement
    }

    /// The odd multiplier of search attempt `attempt` (1, 2, …): SplitMix64 of its seed.
    private static func multiplier(attempt: Int) -> UInt64 {
        var z = 0x9E37_79B9_7F4A_7C15 &* UInt64(attempt + 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) | 1
    }

    /// The slots of the strings under multiplier `m` in 2^`bits` slots, or nil when two collide.
    private static func place(_ packed: [(UInt64, UInt64, UInt64, UInt64, Int)], bits: UInt64, multiplier m: UInt64) -> [Slot]? {
        var table = [Slot](repeating: Slot(), count: 1 << Int(bits))
        for (index, p) in packed.enumerated() {
            let h = Int(ByteStringTable.hash(p.0, p.1, p.2, p.3, p.4, m) >> (64 - bits))
            if table[h].length >= 0 { return nil }
            table[h] = Slot(w0: p.0, w1: p.1, w2: p.2, w3: p.3, length: p.4, value: index)
        }
        return table
    }

    @inline(__always)
    private static func hash(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ n: Int, _ m: UInt64) -> UInt64 {
        var h = w0 &* 0x9FB2_1C65_1E98_DF25
        h = (h ^ (h >> 29)) &+ w1
        h = (h &* 0xC2B2_AE3D_27D4_EB4F) ^ w2 ^ (w3 << 1) ^ UInt64(n)
        return h &* m
    }

    /// The value of the `count` bytes at `start`, or −1 when they are not one of the strings.
    ///
    /// `readable` is how many bytes may be read from `start` (≥ `count`): whole 8-byte words are
    /// loaded when they fit, the rest byte by byte.
    @inline(__always)
    func lookup(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int {
        guard count <= 32 else { return -1 }
        let w0 = ByteStringTable.word(start, count: count, readable: readable, at: 0)
        let w1 = count > 8 ? ByteStringTable.word(start, count: count, readable: readable, at: 8) : 0
        let w2 = count > 16 ? ByteStringTable.word(start, count: count, readable: readable, at: 16) : 0
        let w3 = count > 24 ? ByteStringTable.word(start, count: count, readable: readable, at: 24) : 0
        let slot = slots[Int(ByteStringTable.hash(w0, w1, w2, w3, count, multiplier) >> shift) & mask]
        return slot.length == count && slot.w0 == w0 && slot.w1 == w1 && slot.w2 == w2 && slot.w3 == w3
            ? slot.value : -1
    }

    /// The packed little-endian word of bytes `at ..< at + 8` of the string, zero beyond `count`.
    @inline(__always)
    private static func word(_ start: UnsafePointer<UInt8>, count: Int, readable: Int, at offset: Int) -> UInt64 {
        let n = min(8, count - offset)
        if offset + 8 <= readable {
            let raw = UInt64(littleEndian: UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self))
            return n == 8 ? raw : raw & ((1 << UInt64(n * 8)) - 1)
        }
        var w: UInt64 = 0
        for i in 0..<n { w |= UInt64(start[offset + i]) << UInt64(i * 8) }
        return w
    }
}
