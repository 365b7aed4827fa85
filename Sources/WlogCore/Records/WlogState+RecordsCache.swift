/// Keeping the records cache (`RecordsCache`) up to date as sets are logged, and reading it.
extension WlogState {
    /// Notes the set in `row` after it was logged, for the cached records of its exercise: a
    /// counted set after every counted set of the exercise waits in the entry's pending rows
    /// while the extension budget lasts (one that does not count changes nothing); a back-dated
    /// one, or any once the budget is spent, drops the entry.
    mutating func updateRecordsCache(afterLogging row: Int) {
        let set = sets.rows[row]
        let slot = set.exercise
        guard let cached = recordsCache.entry(slot: slot) else { return }
        guard recordsCache.spendExtension() else {
            recordsCache.drop(slot: slot)
            return
        }
        guard cached.exercise.kind.hasRecords, sets.countsForRecords(set) else { return }
        let key = sets.historyKey(set)
        if let latest = recordsCache.latest(slot: slot), key < latest {
            recordsCache.drop(slot: slot)
        } else {
            recordsCache.notePending(row: Int32(truncatingIfNeeded: row), slot: slot, key: key)
        }
    }

    /// The cached records of the exercise in `slot` when they track `repTargets`, extended by
    /// their pending sets (without keeping the result: `settle()` does); nil when none are
    /// cached or the pending sets do not extend them (compute them from the sets).
    func cachedRecords(slot: Int32, repTargets: [Int]) -> PersonalRecords? {
        cachedRecords(slot: slot, repTargets: repTargets, in: recordsCache)
    }

    /// `cachedRecords(slot:repTargets:)` read from `cache` (this state's, or one taken out of it).
    private func cachedRecords(slot: Int32, repTargets: [Int], in cache: RecordsCache) -> PersonalRecords? {
        guard let (records, pending) = cache.entry(slot: slot, repTargets: repTargets) else { return nil }
        guard !pending.isEmpty else { return records }
        let measure = RecordMeasure(kind: records.exercise.kind, formula: settings.chosenE1RMFormula,
                                    maxReps: settings.e1rmMaxReps)
        let ledger = sets
        return records.adding(pending.lazy.map { ledger.loggedSet(ledger.rows[Int($0)]) }, measure: measure) { set($0) }
    }

    /// The records cache with every entry extended by its pending sets (an entry they do not
    /// extend dropped): what `settle()` keeps and a snapshot writes.
    func settledRecordsCache() -> RecordsCache {
        var cache = recordsCache
        settle(&cache)
        return cache
    }

    /// Extends every cached entry by its pending sets for good (one resumed scan per exercise),
    /// so that later reads take them as they are. Reads answer the same either way. The cache is
    /// taken out of the state while it changes, so that it changes in place: a copy of every
    /// entry at each write was 4 % of a PostgreSQL store's POST (`perf record`).
    package mutating func settleRecords() {
        guard recordsCache.hasPending else { return }
        var cache = recordsCache
        recordsCache = RecordsCache()
        settle(&cache)
        cache.restoreExtensions()
        recordsCache = cache
    }

    /// Extends or drops, in `cache`, every entry with pending sets.
    private func settle(_ cache: inout RecordsCache) {
        for slot in Array(cache.pending.keys) {
            if let records = cachedRecords(slot: slot, repTargets: cache.repTargets, in: cache) {
                cache.replace(slot: slot, with: records)
            } else {
                cache.drop(slot: slot)
            }
        }
    }

    /// Settles what a fold leaves for later reads to merge: the history order
    /// (`settleHistoryOrder()`) and the records cache's pending sets (`settleRecords()`). A state
    /// kept between reads (the server's) calls it after each fold; reads answer the same either way.
    package mutating func settle() {
        settleHistoryOrder()
        settleRecords()
    }

    /// What a state kept between reads calls after folding one write's commit: the history order
    /// settled, and the records cache once one of its entries waits for `RecordsCache.settleAt`
    /// sets. Below that a read extends the entry on the fly, for the one resumed scan a settle
    /// costs, so a lifter logging set after set pays one resumed scan per `settleAt` sets of an
    /// exercise instead of one per set (3 % of an embedded `POST …/sets`'s CPU, `perf record`).
    /// Reads answer the same either way; a snapshot settles a copy (`settledRecordsCache()`).
    package mutating func settleAfterWrite() {
        settleHistoryOrder()
        if recordsCache.mostPending >= RecordsCache.settleAt { settleRecords() }
    }
}
