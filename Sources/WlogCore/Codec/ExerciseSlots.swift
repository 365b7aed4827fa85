/// Exercise ids already known to a reader's caller, found from a line's bytes: the one-step
/// replay (`WlogState.apply(line:)`) hands the decoder its set ledger, so a set's exercise id
/// becomes a slot and a shared `String` without a new string or a hash of the text.
protocol ExerciseSlots {
    /// The slot of the `count` bytes at `start` (`readable` bytes may be read there), or −1.
    func exerciseSlot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32
    /// The id in a slot this table returned.
    func exerciseID(_ slot: Int32) -> String
}

/// No table: `EventCodec.decode` makes every id a `String` (sharing the library's ids).
struct NoExerciseSlots: ExerciseSlots {
    @inline(__always)
    func exerciseSlot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32 { -1 }
    func exerciseID(_ slot: Int32) -> String { "" }
}

extension SetLedger: ExerciseSlots {
    @inline(__always)
    func exerciseSlot(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int32 {
        exerciseText.slot(start, count: count, readable: readable)
    }

    @inline(__always)
    func exerciseID(_ slot: Int32) -> String { exerciseIDs[Int(slot)] }
}
