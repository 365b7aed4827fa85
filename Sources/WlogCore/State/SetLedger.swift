/// Every set ever logged, in compact form: one `SetRow` per set (its current version) in the order
/// the sets were logged, the superseded versions of edited sets, and the tables the rows index
/// into (exercise ids, workout ids, actors, rare fields, edit stamps).
///
/// Appending a set is one 80-byte row and, usually, no string work: exercise ids are found by
/// their bytes (`ExerciseText`), the actor and the workout are compared with the previous set's
/// first. `LoggedSet` and `SetVersion` values are made on demand.
/// The history order (performed-at, then sequence) is kept as a sorted permutation plus a few
/// out-of-order rows (`SetLedger+Order.swift`), so reads in history order need no full sort.
///
/// Equality is by content: the rows and the tables they index; lookups, caches and the order
/// permutation are derived from those and not compared.
struct SetLedger: Sendable {
    /// The current version of every set, deleted ones included, in journal order.
    var rows: PlainArray<SetRow> = []
    /// The superseded versions of edited or deleted sets, by `SetRow.change`: `replaced[c]` is
    /// the version change `c` replaced (its own `change` is the one before, or −1).
    var replaced: PlainArray<SetRow> = []
    /// Exercise ids, by `SetRow.exercise`.
    var exerciseIDs: [String] = []
    /// Workout ids, by `SetRow.workout`.
    var workoutIDs: [EventID] = []
    /// Whether the workout of each slot was discarded.
    var discarded: [Bool] = []
    /// Actors, by `SetRow.actor`.
    var actors: [String] = []
    /// The rare fields, by `SetRow.extra`.
    var extras: [SetExtras] = []
    /// The edit and delete stamps, by `SetRow.change`.
    var changes: [SetChange] = []

    /// Per workout slot, the row its rows begin at, once indexed (`SetLedger+WorkoutRows.swift`).
    var workoutFirstRows: [Int32]?

    /// Row indices in history order, except the rows in `pending`.
    var order: PlainArray<Int32> = []
    /// Rows placed out of history order since the last merge, unsorted.
    var pending: [Int32] = []

    /// The exercise ids' bytes, for lookups from a line (`SetLedger+Exercises.swift`).
    var exerciseText = ExerciseText()
    /// Workout id → slot.
    private var workoutLookup = EventIDTable()
    /// Whether two slots of the exercise or workout table hold the same id. Only a snapshot's
    /// tables can (they are read as they are; the lookups find one of the slots, which every
    /// later fold uses): while no id is in two, a query compares slots instead of ids. Derived
    /// from the tables, not compared.
    private(set) var repeatsAnID = false
    /// Actor → slot.
    private var actorLookup: [String: Int32] = [:]
    /// The slots used last (consecutive sets share them).
    private var lastWorkout: Int32 = -1
    private var lastActor: Int32 = -1

    init() {}

    // MARK: interning

    /// The slot of an exercise id, added on first use.
    @inline(__always)
    mutating func exerciseSlot(_ id: String) -> Int32 {
        let found = exerciseText.slot(id)
        if found >= 0 { return found }
        let slot = Int32(truncatingIfNeeded: exerciseIDs.count)
        exerciseIDs.append(id)
        exerciseText.add(id, slot: slot)
        return slot
    }

    /// The slot of a workout id, added on first use.
    @inline(__always)
    mutating func workoutSlot(_ id: EventID) -> Int32 {
        if lastWorkout >= 0 && workoutIDs[Int(lastWorkout)] == id { return lastWorkout }
        let slot: Int32
        if let known = workoutLookup.value(for: id) {
            slot = known
        } else {
            slot = Int32(truncatingIfNeeded: workoutIDs.count)
            workoutIDs.append(id)
            discarded.append(false)
            _ = workoutLookup.insertIfAbsent(id, value: slot)
        }
        lastWorkout = slot
        return slot
    }

    /// The slot of an actor, added on first use.
    @inline(__always)
    mutating func actorSlot(_ actor: String) -> Int32 {
        if lastActor >= 0 && actors[Int(lastActor)] == actor { return lastActor }
        let slot: Int32
        if actors.count <= 16, let index = actors.firstIndex(of: actor) {
            // A journal has a few actors: comparing them beats hashing the text.
            slot = Int32(truncatingIfNeeded: index)
        } else if actors.count > 16, let known = actorLookup[actor] {
            slot = known
        } else {
            slot = Int32(truncatingIfNeeded: actors.count)
            actors.append(actor)
            actorLookup[actor] = slot
        }
        lastActor = slot
        return slot
    }

    /// Rebuilds the lookups from the tables (after reading a snapshot).
    mutating func rebuildLookups() {
        exerciseText = ExerciseText()
        for (slot, id) in exerciseIDs.enumerated() { exerciseText.add(id, slot: Int32(slot)) }
        workoutLookup = EventIDTable(capacity: workoutIDs.count)
        var repeats = Set(exerciseIDs).count != exerciseIDs.count
        for (slot, id) in workoutIDs.enumerated() where !workoutLookup.insertIfAbsent(id, value: Int32(slot)) { repeats = true }
        repeatsAnID = repeats
        actorLookup = [:]
        for (slot, actor) in actors.enumerated() { actorLookup[actor] = Int32(slot) }
        lastWorkout = -1
        lastActor = -1
    }

    /// The superseded versions of the set at row `index`, oldest first.
    func superseded(_ index: Int) -> [SetRow] {
        var versions: [SetRow] = []
        var change = rows[index].change
        while change >= 0 {
            let version = replaced[Int(change)]
            versions.append(version)
            change = version.change
        }
        return versions.reversed()
    }

    /// Marks the workout's sets discarded.
    mutating func discard(workout id: EventID) {
        discarded[Int(workoutSlot(id))] = true
    }

    /// Whether the row's workout was discarded.
    @inline(__always)
    func isDiscarded(_ row: SetRow) -> Bool { row.workout >= 0 && discarded[Int(row.workout)] }
}

extension SetLedger: Equatable {
    static func == (lhs: SetLedger, rhs: SetLedger) -> Bool {
        lhs.rows == rhs.rows && lhs.replaced == rhs.replaced && lhs.exerciseIDs == rhs.exerciseIDs
            && lhs.workoutIDs == rhs.workoutIDs && lhs.discarded == rhs.discarded && lhs.actors == rhs.actors
            && lhs.extras == rhs.extras && lhs.changes == rhs.changes
    }
}
