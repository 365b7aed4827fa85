/// The ledger's exercise ids by their UTF-8 bytes: a line's `"exercise"` value is found without
/// making a `String` or running SipHash.
///
/// Ids of the built-in library go through the perfect hash of `KnownStrings.exerciseIDs` to a
/// per-state slot; other ids through an open-addressing table over a cheap word hash, checked
/// against a copy of their bytes. Derived from `SetLedger.exerciseIDs` (rebuilt after a
/// snapshot), never compared.
struct ExerciseText: Sendable {
    /// `KnownStrings.exerciseIDs` index → slot, −1 until used (empty until the first known id).
    private var knownSlots: [Int32] = []
    /// Slots of the other ids by hash, −1 empty; a power of two long (or empty).
    private var table: [Int32] = []
    private var tableCount = 0
    /// The other ids' bytes, one after the other, and where each starts (by slot; −1 for known ids).
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []

    /// The slot of the `count` bytes at `start` (`readable` bytes may be read there), or −1.
    @inline(__always)
    func slot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32 {
        let known = KnownStrings.exerciseIDs.index(start, count: count, readable: readable)
        if known >= 0 { return knownSlots.isEmpty ? -1 : knownSlots[known] }
        guard !table.isEmpty else { return -1 }
        return table.withUnsafeBufferPointer { t -> Int32 in
            let mask = t.count - 1
            var i = Int(truncatingIfNeeded: Self.hash(start, count)) & mask
            while true {
                let slot = t[i]
                if slot < 0 || matches(slot, start, count) { return slot }
                i = (i + 1) & mask
            }
        }
    }

    /// The slot of `id`, or −1.
    func slot(_ id: String) -> Int32 {
        var id = id
        return id.withUTF8 { b in
            guard let base = b.baseAddress else { return emptySlot }
            return slot(base, count: b.count, readable: b.count)
        }
    }

    /// Records `id` (not yet there) at `slot`.
    mutating func add(_ id: String, slot: Int32) {
        while starts.count < Int(slot) { starts.append(-1); lengths.append(0) }
        let known = KnownStrings.exerciseIDs.index(of: id)
        if known >= 0 {
            if knownSlots.isEmpty { knownSlots = [Int32](repeating: -1, count: KnownStrings.exerciseIDs.strings.count) }
            knownSlots[known] = slot
            starts.append(-1)
            lengths.append(0)
            return
        }
        starts.append(bytes.count)
        lengths.append(id.utf8.count)
        bytes.append(contentsOf: id.utf8)
        if (tableCount + 1) * 2 > table.count { grow() }
        insert(slot)
        tableCount += 1
    }

    /// The slot of the empty id (it has no bytes to hash), or −1.
    private var emptySlot: Int32 {
        for (slot, length) in lengths.enumerated() where length == 0 && starts[slot] >= 0 { return Int32(slot) }
        return -1
    }

    @inline(__always)
    private func matches(_ slot: Int32, _ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let s = Int(slot)
        guard lengths[s] == count else { return false }
        let first = starts[s]
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return count == 0 }
            // Whole words first (the stored copy and the line both hold `count` bytes there).
            let stored = UnsafeRawPointer(base + first), line = UnsafeRawPointer(start)
            var k = 0
            while k + 8 <= count {
                guard stored.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                        == line.loadUnaligned(fromByteOffset: k, as: UInt64.self) else { return false }
                k += 8
            }
            while k < count {
                guard base[first + k] == start[k] else { return false }
                k += 1
            }
            return true
        }
    }

    private mutating func insert(_ slot: Int32) {
        let s = Int(slot)
        let h = bytes.withUnsafeBufferPointer { b -> UInt64 in
            guard let base = b.baseAddress else { return 0 }
            return Self.hash(base + starts[s], lengths[s])
        }
        let mask = table.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while table[i] >= 0 { i = (i + 1) & mask }
        table[i] = slot
    }

    private mutating func grow() {
        let old = table
        table = [Int32](repeating: -1, count: max(16, table.count * 2))
        for slot in old where slot >= 0 { insert(slot) }
    }

    /// A word-at-a-time hash of `count` bytes.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var i = 0
        while i + 8 <= count {
            h = (h ^ UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(p[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 29)
    }
}
