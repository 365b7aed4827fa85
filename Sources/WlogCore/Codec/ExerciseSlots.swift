/// Exercise ids already known to a reader's caller, found from a line's bytes: the one-step
/// replay (`WlogState.apply(line:)`) hands the decoder its set ledger's `ExerciseText`, so a
/// set's exercise id becomes a slot without a new string or a hash of the text.
protocol ExerciseSlots {
    /// The slot of the `count` bytes at `start` (`readable` bytes may be read there), or −1.
    func exerciseSlot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32
}

/// No table: `EventCodec.decode` makes every id a `String` (sharing the library's ids).
struct NoExerciseSlots: ExerciseSlots {
    @inline(__always)
    func exerciseSlot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32 { -1 }
}

/// The set ledger's exercise ids by their bytes (passed on its own: the whole ledger is a large
/// value to hand to the decoder).
extension ExerciseText: ExerciseSlots {
    @inline(__always)
    func exerciseSlot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32 {
        slot(start, count: count, readable: readable)
    }
}
