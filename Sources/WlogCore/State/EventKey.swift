/// An event id as a table key, hashed cheaply.
///
/// Event ids are random 128-bit numbers, so their bits are already well mixed: folding the two
/// halves with a multiply is enough, and skips the full SipHash the standard `Hasher` runs per
/// lookup (the dominant cost of evolve). `_rawHashValue(seed:)` is the standard library's hook for
/// exactly this; `hash(into:)` stays consistent for any other use.
struct EventKey: Hashable, Sendable {
    let id: EventID

    init(_ id: EventID) { self.id = id }

    func hash(into hasher: inout Hasher) { hasher.combine(id.high ^ id.low) }

    func _rawHashValue(seed: Int) -> Int {
        let folded = (id.high ^ id.low ^ UInt64(bitPattern: Int64(seed))) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: folded ^ (folded >> 29))
    }
}
