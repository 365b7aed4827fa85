/// Body weight: evolve and reads.
extension WlogState {
    /// An entry by id (deleted ones included).
    public func bodyweight(_ id: EventID) -> BodyweightEntry? { bodyweights[id] }

    /// The entries not deleted, by date (ties by sequence).
    public var bodyweightEntries: [BodyweightEntry] {
        bodyweights.values.filter { !$0.isDeleted }.sorted(by: BodyweightEntry.byDate)
    }

    mutating func applyBodyweightRecorded(_ p: BodyweightRecorded, event: Event) {
        bodyweights[event.id] = BodyweightEntry(
            id: event.id, seq: event.seq, at: event.envelope.occurred, weight: p.weight, notes: p.notes)
    }

    /// Each field the edit sets, unless a later edit set it already (`LatestChanges`).
    mutating func applyBodyweightEdited(_ p: BodyweightEdited, stamp: SetChange.Stamp) {
        guard var entry = bodyweights[p.entry] else { return }
        let key = "bodyweight." + p.entry.hex + "."
        if let v = p.weight, latest.take(key + "weight", stamp) { entry.weight = v }
        if let v = p.at, latest.take(key + "at", stamp) { entry.at = v }
        if let v = p.notes, latest.take(key + "notes", stamp) { entry.notes = v.isEmpty ? nil : v }
        bodyweights[p.entry] = entry
    }
}
