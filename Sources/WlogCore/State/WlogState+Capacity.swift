/// Room reserved up front in the tables keyed by id or name, so that a replay does not rehash
/// them (SipHash of every key) each time they double.
extension WlogState {
    /// Workouts and body-weight entries a state has room for before its tables first grow (a
    /// few years of a lifter's history).
    static let reservedEntries = 1_024
    /// Custom exercises and their names before the exercise tables first grow.
    static let reservedExercises = 512

    /// This state with room reserved (the copy-on-write copy a state makes at its first event
    /// of each kind then keeps the capacity; no table is rehashed before it fills up).
    func withRoomForAHistory() -> WlogState {
        var state = self
        state.workouts.reserveCapacity(Self.reservedEntries)
        state.bodyweights.reserveCapacity(Self.reservedEntries)
        state.customExercises.reserveCapacity(Self.reservedExercises)
        state.nameIndex.reserveCapacity(state.nameIndex.count + 2 * Self.reservedExercises)
        return state
    }

    /// Makes room for a history of about `events` events — the event-id table, the set rows and
    /// their history order, the workouts (one per 24 events, a margin over the 20-year history's
    /// rate) and body-weight entries (one per 48, likewise) — so that a replay does not grow and
    /// rehash them as it goes.
    ///
    /// A replay from the start calls it with the journal's line count (`JournalReader.estimatedLineCount`):
    /// every line is at most one set. Nothing changes but capacity; a smaller count than already
    /// held does nothing.
    public mutating func reserveCapacity(events: Int) {
        guard events > eventIndex.count else { return }
        eventIndex.reserve(events)
        sets.rows.reserveCapacity(events)
        sets.order.reserveCapacity(events)
        workouts.reserveCapacity(max(workouts.count, events / 24))
        bodyweights.reserveCapacity(max(bodyweights.count, events / 48))
    }
}

extension WlogState {
    /// Gives back the room reserved for a long history (`withRoomForAHistory`) that this state
    /// did not grow into: each table holding less than half its capacity is copied at its size.
    /// What a server holding many lifters' states calls after folding one from the start (the
    /// reserved tables were a large part of every small lifter's state); nothing else changes.
    package mutating func compact() {
        workouts = Self.fitted(workouts)
        bodyweights = Self.fitted(bodyweights)
        customExercises = Self.fitted(customExercises)
        nameIndex = Self.fitted(nameIndex)
    }

    private static func fitted<Key: Hashable, Value>(_ table: [Key: Value]) -> [Key: Value] {
        guard table.capacity > 2 * table.count + 16 else { return table }
        var fitted = [Key: Value](minimumCapacity: table.count)
        for (key, value) in table { fitted[key] = value }
        return fitted
    }
}
