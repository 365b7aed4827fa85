import CPrefetch

/// A hash table from event ids to small integers: the state's duplicate check and its id → set
/// index map.
///
/// The ids and values are kept in insertion order in two dense arrays; the hash part is one
/// 8-byte slot per entry (a 32-bit fingerprint and the entry's position), open addressing with
/// linear probing at a load of at most ¾. An insert of a new id — the common case in a replay —
/// touches one random slot of a table a third the size of one holding the ids, then appends
/// sequentially. Event ids are random 128-bit numbers (or a random prefix and a counter), so a
/// multiply of the folded halves spreads them; no per-process seed, so the same inserts give the
/// same table. Equality is by content (the same ids with the same values).
struct EventIDTable: Sendable {
    /// Fingerprint (low 32 bits, never 0) and entry position (high 32 bits); 0 = empty.
    private(set) var slots: PlainArray<UInt64> = []
    /// The ids, in insertion order.
    private(set) var ids: PlainArray<EventID> = []
    /// Their values, in insertion order.
    private(set) var values: PlainArray<Int32> = []
    /// `64 − log2(slots.count)`: the hash's top bits pick the home slot.
    private(set) var shift: UInt64 = 64

    /// How many ids are stored.
    var count: Int { ids.count }

    /// An empty table with room for `capacity` ids before it grows.
    /// An empty table made once: what a decode that keeps no table prefetches into.
    static let none = EventIDTable()

    init(capacity: Int = 0) {
        if capacity > 0 { reserve(capacity) }
    }

    /// A table put back together from its parts (`slots` as written, ids and values in insertion
    /// order), as a snapshot keeps it; nil when they cannot be one (counts that differ, a slot
    /// count that is not a power of two or too small for the ids, a value outside `valid`).
    ///
    /// The slots are not checked one by one: a lookup checks the entry a slot points at before
    /// reading it and probes at most every slot once, and an insert that finds no empty slot
    /// rebuilds the slots from the ids, so slots a damaged file holds give wrong answers at worst,
    /// never a trap or an endless probe.
    init?(slots: PlainArray<UInt64>, ids: PlainArray<EventID>, values: PlainArray<Int32>, valuesIn valid: ClosedRange<Int32>) {
        guard ids.count == values.count, slots.count & (slots.count &- 1) == 0,
              slots.isEmpty ? ids.isEmpty : slots.count >= 16 && ids.count * 4 <= slots.count * 3,
              Self.all(values, in: valid)
        else { return nil }
        self.slots = slots
        self.ids = ids
        self.values = values
        shift = slots.isEmpty ? 64 : 64 - UInt64(slots.count.trailingZeroBitCount)
    }

    /// Whether every value is in `range`.
    private static func all(_ values: PlainArray<Int32>, in range: ClosedRange<Int32>) -> Bool {
        values.withUnsafeBufferPointer { v in
            var lowest = Int32.max, highest = Int32.min
            for value in v {
                lowest = min(lowest, value)
                highest = max(highest, value)
            }
            return v.isEmpty || (range.contains(lowest) && range.contains(highest))
        }
    }

    /// The value stored for `id`, or nil.
    @inline(__always)
    func value(for id: EventID) -> Int32? {
        guard !ids.isEmpty else { return nil }
        let h = Self.hash(id)
        let fingerprint = Self.fingerprint(h)
        return slots.withUnsafeBufferPointer { s -> Int32? in
            let mask = s.count - 1
            var i = Int(truncatingIfNeeded: h >> shift)
            for _ in 0..<s.count {
                let slot = s[i]
                if slot == 0 { return nil }
                if UInt32(truncatingIfNeeded: slot) == fingerprint {
                    let entry = Int(truncatingIfNeeded: slot >> 32)
                    if entry < ids.count && ids[entry] == id { return values[entry] }
                }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    /// Starts loading the slot `id` hashes to, so that a lookup a little later finds it in cache.
    @inline(__always)
    func prefetch(_ id: EventID) {
        guard !slots.isEmpty else { return }
        let home = Int(truncatingIfNeeded: Self.hash(id) >> shift)
        slots.withUnsafeBufferPointer { s in
            if let base = s.baseAddress { wlog_prefetch(base + home) }
        }
    }

    /// Stores `value` for `id` unless the id is already there; whether it was inserted.
    @inline(__always)
    mutating func insertIfAbsent(_ id: EventID, value: Int32) -> Bool {
        if (ids.count + 1) * 4 > slots.count * 3 { resize(max(16, slots.count * 2)) }
        let h = Self.hash(id)
        var found = probe(id, hash: h)
        if found == nil {
            // No empty slot (only slots read from a damaged snapshot): rebuild them from the ids.
            resize(slots.count)
            found = probe(id, hash: h)
        }
        guard found == true else { return false }
        ids.append(id)
        values.append(value)
        return true
    }

    /// Puts `id` in the first empty slot of its probe sequence, as the next entry: true; false
    /// when it is already there; nil when every slot is full.
    @inline(__always)
    private mutating func probe(_ id: EventID, hash h: UInt64) -> Bool? {
        let fingerprint = Self.fingerprint(h)
        let entry = ids.count
        let shift = shift
        return ids.withUnsafeBufferPointer { ids in
            slots.withUnsafeMutableBufferPointer { s -> Bool? in
                let mask = s.count - 1
                var i = Int(truncatingIfNeeded: h >> shift)
                for _ in 0..<s.count {
                    let slot = s[i]
                    if slot == 0 {
                        s[i] = UInt64(fingerprint) | UInt64(entry) << 32
                        return true
                    }
                    if UInt32(truncatingIfNeeded: slot) == fingerprint {
                        let other = Int(truncatingIfNeeded: slot >> 32)
                        if other < ids.count && ids[other] == id { return false }
                    }
                    i = (i + 1) & mask
                }
                return nil
            }
        }
    }

    /// Makes room for `total` ids without growing again.
    mutating func reserve(_ total: Int) {
        var size = 16
        while size * 3 < total * 4 { size *= 2 }
        if size > slots.count { resize(size) }
        ids.reserveCapacity(total)
        values.reserveCapacity(total)
    }

    /// Every stored id with its value, in insertion order.
    func forEach(_ body: (EventID, Int32) -> Void) {
        for (id, value) in zip(ids, values) { body(id, value) }
    }

    @inline(__always)
    private static func hash(_ id: EventID) -> UInt64 {
        (id.high &* 0xC2B2_AE3D_27D4_EB4F ^ id.low) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The fingerprint mixes both halves of the hash: ids wlog mints (`DecideContext.JournalIDs`)
    /// differ only in the top bits of their first half, which reach only the hash's top bits.
    @inline(__always)
    private static func fingerprint(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: h ^ h >> 32) | 1 }

    /// Rehashes every id into `size` slots.
    private mutating func resize(_ size: Int) {
        var bits: UInt64 = 0
        while (1 << bits) < size { bits += 1 }
        shift = 64 - bits
        slots = PlainArray(repeating: 0, count: size)
        let shift = shift
        let ids = ids
        slots.withUnsafeMutableBufferPointer { s in
            let mask = s.count - 1
            for (entry, id) in ids.enumerated() {
                let h = Self.hash(id)
                var i = Int(truncatingIfNeeded: h >> shift)
                while s[i] != 0 { i = (i + 1) & mask }
                s[i] = UInt64(Self.fingerprint(h)) | UInt64(entry) << 32
            }
        }
    }
}

extension EventIDTable: Equatable {
    /// The same ids with the same values.
    static func == (lhs: EventIDTable, rhs: EventIDTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (id, value) in zip(lhs.ids, lhs.values) where rhs.value(for: id) != value { return false }
        return true
    }
}
