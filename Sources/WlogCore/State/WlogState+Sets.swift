/// Sets: evolve and the reads of the set ledger (`SetLedger`; values made on demand).
extension WlogState {
    /// The current version of a set (deleted ones included), with `isDiscarded` resolved.
    public func set(_ id: EventID) -> LoggedSet? {
        guard let index = setSlot(id) else { return nil }
        return sets.loggedSet(sets.rows[index])
    }

    /// Every version of a set, oldest first, each with seq, actor, recorded-at and event type.
    public func versions(of id: EventID) -> [SetVersion] {
        guard let index = setSlot(id) else { return [] }
        var all = sets.superseded(index).map { sets.version($0) }
        all.append(sets.version(sets.rows[index]))
        return all
    }

    /// Every set ever logged (deleted and discarded included), in history order.
    public var allSets: [LoggedSet] {
        sets.historyOrder().map { sets.loggedSet(sets.rows[Int($0)]) }
    }

    /// The live sets (not deleted, not in a discarded workout), in history order.
    public var liveSets: [LoggedSet] { lazyLiveSets.madeAll() }

    /// The number of sets ever logged, deleted ones included.
    public var setCount: Int { sets.rows.count }

    /// Merges the sets placed out of history order (back-dated) into it, so that later reads
    /// take the order as it is instead of merging them again each time. A state kept between
    /// reads (the server's) calls it after folding (`settle()`); reads answer the same either way.
    package mutating func settleHistoryOrder() { sets.mergePending() }

    /// The index of a set in `sets.rows`.
    func setSlot(_ id: EventID) -> Int? {
        guard let index = eventIndex.value(for: id), index >= 0 else { return nil }
        return Int(index)
    }

    /// `apply` of a `set.logged` event: the one fold of a logged set (`logSet`), as the one-step
    /// replay's canonical lines take it.
    mutating func applySetLogged(_ p: SetLogged, event: Event) {
        assert(eventIndex.value(for: event.id) == Int32(sets.rows.count), "apply records the set's index first")
        var line = SetLine(p)
        logSet(&line, id: event.id, seq: event.seq, performed: event.envelope.occurred, recorded: event.envelope.recorded,
               actor: event.envelope.actor, exercise: -1)
        // A line with `entry` is never the fast path's (`canonicalSetLogged` stops at the key).
        if let entry = p.entry, let workout = p.workout { placeSet(event.id, workout: workout, entry: entry) }
    }

    /// `apply` of a canonical `set.logged` line read as its parts (the one-step replay): the id
    /// and counters `apply` keeps, then the same fold as `applySetLogged`; `exercise` is the slot
    /// of its exercise id, or −1 when the id is in `p.text` (`inout`: passed as a value it was copied).
    @inline(__always)
    mutating func applySetLine(_ p: inout SetLine, id: EventID, seq: UInt64, performed: ZonedInstant,
                               recorded: Instant, actor: String, exercise: Int32) {
        guard eventIndex.insertIfAbsent(id, value: Int32(truncatingIfNeeded: sets.rows.count)) else { return }
        eventCount += 1
        if seq > lastSeq { lastSeq = seq }
        stampOrder.note(seq: seq, recorded: recorded.millisecondsSince1970)
        logSet(&p, id: id, seq: seq, performed: performed, recorded: recorded, actor: actor, exercise: exercise)
    }

    /// Folds a logged set into the ledger: its row, its place in history order, and the records
    /// it extends. The one fold of `set.logged`, whichever decoder read it.
    @inline(__always)
    private mutating func logSet(_ p: inout SetLine, id: EventID, seq: UInt64, performed: ZonedInstant,
                                 recorded: Instant, actor: String, exercise: Int32) {
        let index = sets.rows.count
        let slot = exercise >= 0 ? exercise : sets.exerciseSlot(p.text?.exercise ?? "")
        let row = sets.row(
            id: id, seq: seq, exercise: slot, workout: p.workout, performed: performed, reps: p.reps,
            weight: p.weight, distance: p.distance, durationMilliseconds: p.durationMilliseconds, rpe: p.rpe,
            effort: p.effort, setType: p.setType, done: p.done, notes: p.notes, isDeleted: false,
            recorded: recorded, actor: actor, change: -1)
        sets.rows.append(row)
        sets.noteWorkout(ofRow: index)
        sets.place(Int32(truncatingIfNeeded: index))
        if !recordsCache.isEmpty { updateRecordsCache(afterLogging: index) }
    }

    mutating func applySetEdited(_ p: SetEdited, event: Event) {
        guard let index = setSlot(p.set) else { return }
        recordsCache.drop(slot: sets.rows[index].exercise)
        sets.edit(index, p, event: event)
        recordsCache.drop(slot: sets.rows[index].exercise)
    }

    mutating func applySetDeleted(_ p: SetDeleted, event: Event) {
        guard let index = setSlot(p.set) else { return }
        sets.delete(index, event: event)
        recordsCache.drop(slot: sets.rows[index].exercise)
    }
}
