extension WlogState {
    /// The position of a live set among the live sets of its exercise in its workout, in history
    /// order: its index in that exercise's sets of `workoutSummary` (0 for the first). Nil for an
    /// unknown, deleted or discarded set.
    ///
    /// One pass over the ledger's rows comparing their exercise and workout slots, from the
    /// workout's first row when the state is indexed (`indexWorkoutRows()`): no set is made and
    /// no workout summarised (what a write's answer needs).
    public func positionInWorkout(ofSet id: EventID) -> Int? {
        guard let index = setSlot(id) else { return nil }
        let ledger = sets
        let row = ledger.rows[index]
        guard !row.isDeleted, !ledger.isDiscarded(row) else { return nil }
        // Slots naming the same exercise or workout as the set's: its own, and others only where
        // a snapshot holds an id in two (`SetLedger.repeatsAnID`), found then by one pass over
        // each table. Not made otherwise: a table as long as the lifter's workouts for each answer.
        let repeats = ledger.repeatsAnID
        let exercise = ledger.exerciseIDs[Int(row.exercise)]
        let sameExercise = repeats ? ledger.exerciseIDs.map { $0 == exercise } : []
        let workout = row.workout >= 0 ? ledger.workoutIDs[Int(row.workout)] : nil
        let sameWorkout = repeats && workout != nil ? ledger.workoutIDs.map { $0 == workout } : []
        func isExercise(_ slot: Int32) -> Bool { repeats ? sameExercise[Int(slot)] : slot == row.exercise }
        func isWorkout(_ slot: Int32) -> Bool { slot >= 0 && (repeats ? sameWorkout[Int(slot)] : slot == row.workout) }
        let day = row.workout >= 0 ? nil : ledger.performed(row).localDay
        let me = Int32(truncatingIfNeeded: index)
        var position = 0
        // No set of the workout comes before the first row of any slot naming it (`SetLedger+WorkoutRows`).
        let start: Int
        if workout == nil {
            start = 0
        } else if repeats {
            start = sameWorkout.indices.lazy.filter { sameWorkout[$0] }
                .map { ledger.firstRow(ofWorkout: Int32(truncatingIfNeeded: $0)) }.min() ?? 0
        } else {
            start = ledger.firstRow(ofWorkout: row.workout)
        }
        ledger.rows.withUnsafeBufferPointer { rows in
            for other in start..<rows.count where isExercise(rows[other].exercise) {
                let candidate = rows[other]
                guard other != index, !candidate.isDeleted, ledger.before(Int32(truncatingIfNeeded: other), me) else { continue }
                if workout != nil {
                    guard isWorkout(candidate.workout), !ledger.isDiscarded(candidate) else { continue }
                } else {
                    guard candidate.workout < 0, ledger.performed(candidate).localDay == day else { continue }
                }
                position += 1
            }
        }
        return position
    }
}

extension WlogState {
    /// Indexes where each workout's sets begin, so `positionInWorkout(ofSet:)` walks the rows from
    /// there rather than from the first; every later fold keeps the index. For a state that lives
    /// on and answers writes (a server's lifter); a state replayed for one command has no need.
    public mutating func indexWorkoutRows() { sets.indexWorkoutRows() }
}
