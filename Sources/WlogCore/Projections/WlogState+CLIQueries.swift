/// Reads the command line needs that the other projections do not offer.
extension WlogState {
    /// Every body-weight entry, deleted ones included, by date (ties by sequence) — for `wlog audit`.
    public var allBodyweightEntries: [BodyweightEntry] {
        bodyweights.values.sorted(by: BodyweightEntry.byDate)
    }
}
