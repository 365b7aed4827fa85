/// A hash table from event ids to small integers, in one flat array (open addressing, linear
/// probing): the state's duplicate check and its id → set index map.
///
/// Event ids are random 128-bit numbers (or a random prefix and a counter), so a multiply of the
/// folded halves spreads them; no per-process seed, so the same inserts give the same table. A
/// slot is 24 bytes (the id and a tag), a lookup is one hash and usually one cache line, and the
/// table never shrinks. Equality is by content (the same ids with the same values), whatever the
/// capacity or probe layout.
struct EventIDTable: Sendable {
    /// One slot: the id and `value + 2` (0 = empty).
    struct Slot: Sendable {
        var high: UInt64
        var low: UInt64
        var tag: Int32
    }

    /// The slots; the capacity is a power of two (or zero).
    private(set) var slots: [Slot] = []
    /// How many ids are stored.
    private(set) var count = 0
    /// `64 − log2(capacity)`: the hash's top bits pick the home slot.
    private var shift: UInt64 = 64

    /// An empty table with room for `capacity` ids before it grows.
    init(capacity: Int = 0) {
        if capacity > 0 { resize(Self.slotCount(for: capacity)) }
    }

    /// The value stored for `id`, or nil.
    @inline(__always)
    func value(for id: EventID) -> Int32? {
        guard count > 0 else { return nil }
        return slots.withUnsafeBufferPointer { s -> Int32? in
            let mask = s.count - 1
            var i = Self.home(id, shift)
            while true {
                let slot = s[i]
                if slot.tag == 0 { return nil }
                if slot.high == id.high && slot.low == id.low { return slot.tag - 2 }
                i = (i + 1) & mask
            }
        }
    }

    /// Stores `value` (≥ −1) for `id` unless the id is already there; whether it was inserted.
    @inline(__always)
    mutating func insertIfAbsent(_ id: EventID, value: Int32) -> Bool {
        if (count + 1) * 4 > slots.count * 3 { resize(max(16, slots.count * 2)) }
        let shift = shift
        let inserted = slots.withUnsafeMutableBufferPointer { s -> Bool in
            let mask = s.count - 1
            var i = Self.home(id, shift)
            while true {
                let slot = s[i]
                if slot.tag == 0 {
                    s[i] = Slot(high: id.high, low: id.low, tag: value + 2)
                    return true
                }
                if slot.high == id.high && slot.low == id.low { return false }
                i = (i + 1) & mask
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    /// Makes room for `total` ids without growing again.
    mutating func reserve(_ total: Int) {
        let wanted = Self.slotCount(for: total)
        if wanted > slots.count { resize(wanted) }
    }

    /// Every stored id with its value, in slot order.
    func forEach(_ body: (EventID, Int32) -> Void) {
        for slot in slots where slot.tag != 0 { body(EventID(high: slot.high, low: slot.low), slot.tag - 2) }
    }

    /// The smallest power of two that holds `n` ids at a load of at most ¾.
    private static func slotCount(for n: Int) -> Int {
        var size = 16
        while size * 3 < n * 4 { size *= 2 }
        return size
    }

    @inline(__always)
    private static func home(_ id: EventID, _ shift: UInt64) -> Int {
        let h = (id.high &* 0xC2B2_AE3D_27D4_EB4F ^ id.low) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> shift)
    }

    /// Rehashes every id into `size` slots.
    private mutating func resize(_ size: Int) {
        let old = slots
        var bits: UInt64 = 0
        while (1 << bits) < size { bits += 1 }
        shift = 64 - bits
        slots = [Slot](repeating: Slot(high: 0, low: 0, tag: 0), count: size)
        let shift = shift
        slots.withUnsafeMutableBufferPointer { s in
            let mask = s.count - 1
            for slot in old where slot.tag != 0 {
                var i = Self.home(EventID(high: slot.high, low: slot.low), shift)
                while s[i].tag != 0 { i = (i + 1) & mask }
                s[i] = slot
            }
        }
    }
}

extension EventIDTable: Equatable {
    /// The same ids with the same values.
    static func == (lhs: EventIDTable, rhs: EventIDTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for slot in lhs.slots where slot.tag != 0 {
            guard rhs.value(for: EventID(high: slot.high, low: slot.low)) == slot.tag - 2 else { return false }
        }
        return true
    }
}
