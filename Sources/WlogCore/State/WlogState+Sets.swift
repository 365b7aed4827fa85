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

    /// The index of a set in `sets.rows`.
    func setSlot(_ id: EventID) -> Int? {
        guard let index = eventIndex.value(for: id), index >= 0 else { return nil }
        return Int(index)
    }

    mutating func applySetLogged(_ p: SetLogged, event: Event) {
        assert(eventIndex.value(for: event.id) == Int32(sets.rows.count), "apply records the set's index first")
        var set = p
        sets.log(&set, envelope: event.envelope)
        if !recordsCache.isEmpty { updateRecordsCache(afterLogging: sets.rows.count - 1) }
    }

    /// `apply` of a `set.logged` event given as its parts (the one-step line path); `exercise` is
    /// the slot of `p.exercise` if the decoder found it, else −1.
    @inline(__always)
    mutating func applySetLogged(_ p: inout SetLogged, envelope: Envelope, exercise: Int32) {
        guard eventIndex.insertIfAbsent(envelope.id, value: Int32(truncatingIfNeeded: sets.rows.count)) else { return }
        eventCount += 1
        if envelope.seq > lastSeq { lastSeq = envelope.seq }
        sets.log(&p, envelope: envelope, exercise: exercise)
        if !recordsCache.isEmpty { updateRecordsCache(afterLogging: sets.rows.count - 1) }
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
