/// Sets: evolve and the reads of the set ledger.
extension WlogState {
    /// The current version of a set (deleted ones included), with `isDiscarded` resolved.
    public func set(_ id: EventID) -> LoggedSet? {
        guard let index = setSlot(id) else { return nil }
        return resolved(setStore[index].set)
    }

    /// Every version of a set, oldest first, each with seq, actor, recorded-at and event type.
    public func versions(of id: EventID) -> [SetVersion] {
        guard let index = setSlot(id) else { return [] }
        var all = setHistory[id] ?? []
        all.append(setStore[index])
        return all
    }

    /// Every set ever logged (deleted and discarded included), in history order.
    public var allSets: [LoggedSet] {
        setStore.map { resolved($0.set) }.sorted(by: LoggedSet.historyOrder)
    }

    /// The live sets (not deleted, not in a discarded workout), in history order.
    public var liveSets: [LoggedSet] {
        var out: [LoggedSet] = []
        out.reserveCapacity(setStore.count)
        for entry in setStore {
            let set = resolved(entry.set)
            if set.isLive { out.append(set) }
        }
        out.sort(by: LoggedSet.historyOrder)
        return out
    }

    /// The number of sets ever logged, deleted ones included.
    public var setCount: Int { setStore.count }

    /// The index of a set in `setStore`.
    func setSlot(_ id: EventID) -> Int? {
        guard let index = eventIndex[EventKey(id)], index >= 0 else { return nil }
        return Int(index)
    }

    /// The set with `isDiscarded` taken from its workout.
    func resolved(_ set: LoggedSet) -> LoggedSet {
        guard let workout = set.workout, let record = workouts[workout], record.isDiscarded else { return set }
        var copy = set
        copy.isDiscarded = true
        return copy
    }

    mutating func applySetLogged(_ p: SetLogged, event: Event) {
        let set = LoggedSet(
            id: event.id, seq: event.seq, exercise: p.exercise, workout: p.workout,
            performed: event.envelope.occurred, reps: p.reps, weight: p.weight, distance: p.distance,
            durationMilliseconds: p.durationMilliseconds, rpe: p.rpe, effort: p.effort,
            setType: p.setType, done: p.done, notes: p.notes)
        assert(eventIndex[EventKey(event.id)] == Int32(setStore.count), "apply records the set's index first")
        setStore.append(SetVersion(set, by: event))
    }

    mutating func applySetEdited(_ p: SetEdited, event: Event) {
        guard let index = setSlot(p.set) else { return }
        let current = setStore[index]
        setHistory[p.set, default: []].append(current)
        var set = current.set
        if let v = p.exercise { set.exercise = v }
        if let v = p.workout { set.workout = v }
        if let v = p.performed { set.performed = v }
        if let v = p.reps { set.reps = v }
        if let v = p.weight { set.weight = v }
        if let v = p.distance { set.distance = v }
        if let v = p.durationMilliseconds { set.durationMilliseconds = v }
        if let v = p.rpe { set.rpe = v }
        if let v = p.effort { set.effort = v }
        if let v = p.setType { set.setType = v }
        if let v = p.done { set.done = v }
        if let v = p.notes { set.notes = v.isEmpty ? nil : v }
        setStore[index] = SetVersion(set, by: event)
    }

    mutating func applySetDeleted(_ p: SetDeleted, event: Event) {
        guard let index = setSlot(p.set) else { return }
        let current = setStore[index]
        setHistory[p.set, default: []].append(current)
        var set = current.set
        set.isDeleted = true
        setStore[index] = SetVersion(set, by: event)
    }
}
