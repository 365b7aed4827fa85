/// The workout slots of a set ledger (`SetRow.workout`) found by workout id, for `WorkoutIndex`.
///
/// A ledger holds each workout id in one slot; should a snapshot hold one in two, the later
/// slot stands for the first (`canonical(_:)`), so the sets of both make one workout as the
/// workout's key says.
struct WorkoutSlots {
    /// Workout id → its first slot.
    private var table: EventIDTable
    /// The slot each slot stands for, when some id is in two; nil when every slot is its own.
    private var aliases: [Int32]?
    /// How many slots the ledger has.
    let count: Int

    /// The slots of `ledger`'s workout ids.
    init(_ ledger: SetLedger) {
        count = ledger.workoutIDs.count
        table = EventIDTable(capacity: count)
        var aliases: [Int32]?
        for (slot, id) in ledger.workoutIDs.enumerated()
        where !table.insertIfAbsent(id, value: Int32(truncatingIfNeeded: slot)) {
            var all = aliases ?? Array(0..<Int32(truncatingIfNeeded: count))
            all[slot] = table.value(for: id) ?? Int32(truncatingIfNeeded: slot)
            aliases = all
        }
        self.aliases = aliases
    }

    /// The slot a row's workout slot stands for; −1 for a row without a workout (implicit).
    @inline(__always)
    func canonical(_ slot: Int32) -> Int {
        guard slot >= 0 else { return -1 }
        guard let aliases else { return Int(slot) }
        return Int(aliases[Int(slot)])
    }

    /// The slot of a workout id, nil when no set names it.
    func slot(of id: EventID) -> Int? { table.value(for: id).map { Int($0) } }
}
