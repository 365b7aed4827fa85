/// Exercise ids a reader's caller already holds as strings, found from a line's bytes: the
/// one-step replay hands a `workout.started` line's reader its set ledger's ids, so a planned
/// exercise shares the ledger's `String` instead of making its own (most planned ids are a
/// lifter's own exercises, which `KnownStrings` does not know).
struct ExerciseNames: Sendable {
    /// The ids' bytes → slot.
    let text: ExerciseText
    /// The ids by slot.
    let ids: [String]

    /// The id spelled by the `count` bytes at `start` (`readable` bytes may be read there), or nil.
    @inline(__always)
    func id(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> String? {
        let slot = text.slot(start, count: count, readable: readable)
        guard slot >= 0, Int(slot) < ids.count else { return nil }
        return ids[Int(slot)]
    }
}
