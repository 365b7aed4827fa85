/// Personal records with the journal's settings.
extension WlogState {
    /// The records of `exercise` over `sets` with the settings' rep targets (unless `repTargets`
    /// is given), e1RM formula and maximum reps: what every screen showing PRs uses.
    public func personalRecords(of exercise: Exercise, sets: some Collection<LoggedSet>, repTargets: [Int]? = nil) -> PersonalRecords {
        PersonalRecords(
            exercise: exercise, sets: sets, repTargets: repTargets ?? settings.prReps,
            formula: settings.chosenE1RMFormula, maxReps: settings.e1rmMaxReps)
    }

    /// The records of the exercise with id `exercise` over all its live sets (the settings' rep
    /// targets unless `repTargets` is given); `nil` when unknown.
    public func personalRecords(ofExercise id: String, repTargets: [Int]? = nil) -> PersonalRecords? {
        if let cached = cachedRecords(ofExercise: id, repTargets: repTargets) { return cached }
        guard let exercise = exercise(id) else { return nil }
        let slot = sets.exerciseText.slot(id)
        guard slot >= 0 else { return personalRecords(of: exercise, sets: [], repTargets: repTargets) }
        return recordsFromLedger(slots: CollectionOfOne(slot), repTargets: repTargets ?? settings.prReps).first
    }

    /// The records the snapshot brought for an exercise, when no event since changed them
    /// (extended by the sets logged after them: `cachedRecords(slot:repTargets:)`).
    func cachedRecords(ofExercise id: String, repTargets: [Int]? = nil) -> PersonalRecords? {
        guard !recordsCache.isEmpty else { return nil }
        return cachedRecords(slot: sets.exerciseText.slot(id), repTargets: repTargets ?? settings.prReps)
    }

    /// The records of every known exercise with live sets (in no particular order), from the
    /// cache where it holds them, computed from the sets for the rest.
    public func everyExerciseRecords(repTargets: [Int]? = nil) -> [PersonalRecords] {
        let targets = repTargets ?? settings.prReps
        var found: [PersonalRecords] = []
        var missing: [Int32] = []
        for slot in sets.exerciseIDs.indices.map({ Int32($0) }) {
            if let cached = cachedRecords(slot: slot, repTargets: targets) {
                found.append(cached)
            } else {
                missing.append(slot)
            }
        }
        guard !missing.isEmpty else { return found }
        return found + recordsFromLedger(slots: missing, repTargets: targets)
    }

    /// Fills the records cache with every exercise's records (before writing a snapshot, so that
    /// reads from it need not recompute them).
    public mutating func cacheRecords() {
        let every = everyExerciseRecords()
        var bySlot = [PersonalRecords?](repeating: nil, count: sets.exerciseIDs.count)
        for records in every {
            let slot = sets.exerciseText.slot(records.exercise.id)
            if slot >= 0 && Int(slot) < bySlot.count { bySlot[Int(slot)] = records }
        }
        recordsCache = RecordsCache(bySlot: bySlot, repTargets: settings.prReps)
    }
}
