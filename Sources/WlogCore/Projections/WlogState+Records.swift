/// Personal records with the journal's settings.
extension WlogState {
    /// The records of `exercise` over `sets` with the settings' rep targets (unless `repTargets`
    /// is given), e1RM formula and maximum reps: what every screen showing PRs uses.
    public func personalRecords(of exercise: Exercise, sets: some Collection<LoggedSet>, repTargets: [Int]? = nil) -> PersonalRecords {
        PersonalRecords(
            exercise: exercise, sets: sets, repTargets: repTargets ?? settings.prReps,
            formula: E1RMFormula(parsing: settings.e1rmFormula) ?? .epley, maxReps: settings.e1rmMaxReps)
    }

    /// The records of the exercise with id `exercise` over all its live sets (the settings' rep
    /// targets unless `repTargets` is given); `nil` when unknown.
    public func personalRecords(ofExercise id: String, repTargets: [Int]? = nil) -> PersonalRecords? {
        if let cached = cachedRecords(ofExercise: id, repTargets: repTargets) { return cached }
        return exercise(id).map { personalRecords(of: $0, sets: lazyLiveSets.madeSets(ofExercise: id), repTargets: repTargets) }
    }

    /// The records the snapshot brought for an exercise, when no event since changed them.
    func cachedRecords(ofExercise id: String, repTargets: [Int]? = nil) -> PersonalRecords? {
        guard !recordsCache.isEmpty else { return nil }
        return recordsCache.records(slot: sets.exerciseText.slot(id), repTargets: repTargets ?? settings.prReps)
    }

    /// The records of every known exercise with live sets (in no particular order), from the
    /// cache where it holds them, computed from the sets for the rest.
    public func everyExerciseRecords(repTargets: [Int]? = nil) -> [PersonalRecords] {
        let targets = repTargets ?? settings.prReps
        var found: [PersonalRecords] = []
        var missing: [Int32] = []
        for slot in sets.exerciseIDs.indices.map({ Int32($0) }) {
            if let cached = recordsCache.records(slot: slot, repTargets: targets) {
                found.append(cached)
            } else {
                missing.append(slot)
            }
        }
        guard !missing.isEmpty else { return found }
        // A few exercises: scan the rows for each; many: group every live set once, each set made
        // as its exercise is scanned (making all 120k up front first costs more than it saves).
        let grouped = missing.count > 8 ? LiveSetsByExercise(lazyLiveSets) : nil
        for slot in missing {
            let id = sets.exerciseIDs[Int(slot)]
            guard let exercise = exercise(id) else { continue }
            let records = grouped.map { personalRecords(of: exercise, sets: $0.sets(of: id), repTargets: targets) }
                ?? personalRecords(of: exercise, sets: lazyLiveSets.madeSets(ofExercise: id), repTargets: targets)
            found.append(records)
        }
        return found
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
