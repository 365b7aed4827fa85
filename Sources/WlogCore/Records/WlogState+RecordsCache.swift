/// Keeping the records cache (`RecordsCache`) up to date as sets are logged.
extension WlogState {
    /// Brings the cached records of the set in `row`'s exercise up to date after it was logged:
    /// extended by the set when it is the exercise's latest (or changed nothing) and the
    /// extension budget lasts, else dropped.
    mutating func updateRecordsCache(afterLogging row: Int) {
        let slot = sets.rows[row].exercise
        if recordsCache.entry(slot: slot) != nil, recordsCache.spendExtension(),
           let updated = recordsAfterLogging(row: row, slot: slot) {
            recordsCache.replace(slot: slot, with: updated)
        } else {
            recordsCache.drop(slot: slot)
        }
    }

    /// The cached records of `slot` with the set in `row` added, or nil when there are none or the
    /// set comes before the latest counted one.
    private func recordsAfterLogging(row: Int, slot: Int32) -> PersonalRecords? {
        guard let cached = recordsCache.entry(slot: slot) else { return nil }
        let measure = RecordMeasure(kind: cached.exercise.kind, formula: E1RMFormula(parsing: settings.e1rmFormula) ?? .epley,
                                    maxReps: settings.e1rmMaxReps)
        return cached.adding(sets.loggedSet(sets.rows[row]), measure: measure) { set($0) }
    }
}
