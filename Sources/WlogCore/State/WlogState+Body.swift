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

    mutating func applyBodyweightEdited(_ p: BodyweightEdited) {
        guard var entry = bodyweights[p.entry] else { return }
        if let v = p.weight { entry.weight = v }
        if let v = p.at { entry.at = v }
        if let v = p.notes { entry.notes = v.isEmpty ? nil : v }
        bodyweights[p.entry] = entry
    }
}
