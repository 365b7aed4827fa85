/// Building one workout's summary.
extension WlogState {
    /// The session record of a workout entry (nil for an implicit workout).
    func record(of entry: WorkoutIndex.Entry) -> WorkoutRecord? { entry.key.id.flatMap(workout) }

    /// The summary of one workout entry, given its live sets in history order.
    ///
    /// Duration: an explicit session is finished − started (nil while in progress); an implicit
    /// workout is its last set − its first set (0 for a single set).
    func summary(of entry: WorkoutIndex.Entry, sets entrySets: [LoggedSet], context: QueryContext, prs: PRCache) -> WorkoutSummary {
        let record = self.record(of: entry)
        var order: [String] = record?.exercises.map(\.exercise) ?? []
        // The exercises of the sets by first set, each one's sets, and each set's exercise among
        // them (a workout has a handful: compared, not hashed; the last one first).
        var performed: [String] = []
        var setsOfPerformed: [[LoggedSet]] = []
        var performedOfSet: [Int] = []
        performedOfSet.reserveCapacity(entrySets.count)
        for set in entrySets {
            var k = performedOfSet.last ?? -1
            if k < 0 || performed[k] != set.exercise {
                if let known = performed.firstIndex(of: set.exercise) {
                    k = known
                } else {
                    k = performed.count
                    performed.append(set.exercise)
                    setsOfPerformed.append([])
                    if !order.contains(set.exercise) { order.append(set.exercise) }
                }
            }
            setsOfPerformed[k].append(set)
            performedOfSet.append(k)
        }
        var exercises: [WorkoutExerciseSummary] = []
        var labelItems: [WorkoutLabel.Item] = []
        var plannedItems: [WorkoutLabel.Item] = []
        var total: Int64 = 0
        var reps = 0, counted = 0
        for id in order {
            let exercise = exerciseOrStandIn(id)
            let sets = performed.firstIndex(of: id).map { setsOfPerformed[$0] } ?? []
            var volume: Int64 = 0
            for set in sets where set.countsInTotals {
                volume += SetVolume.kilogramTenThousandths(of: set, kind: exercise.kind) ?? 0
                reps += set.reps ?? 0
                counted += 1
            }
            total += volume
            let notes = record?.exercises.first(where: { $0.exercise == id })?.notes
            exercises.append(WorkoutExerciseSummary(
                exercise: exercise, notes: notes, sets: sets, volume: context.mass(kilogramTenThousandths: volume)))
            plannedItems.append(WorkoutLabel.Item(group: exercise.group, sets: 0))
            if !sets.isEmpty { labelItems.append(WorkoutLabel.Item(group: exercise.group, sets: sets.count)) }
        }
        var records: [SetRecords] = []
        prs.prepare(exercises: performed)
        let recordsOfPerformed = performed.map { prs.records(ofExercise: $0) }
        for (set, k) in zip(entrySets, performedOfSet) {
            let made = recordsOfPerformed[k]?.prs(of: set.id) ?? []
            if !made.isEmpty { records.append(SetRecords(set: set.id, exercise: set.exercise, records: made)) }
        }
        let started = entry.started
        let finished: ZonedInstant? = record.map { $0.finished } ?? entrySets.last?.performed
        var duration: Int64?
        if let started, let finished {
            duration = finished.instant.millisecondsSince1970 - started.instant.millisecondsSince1970
        }
        return WorkoutSummary(
            key: entry.key, day: entry.day, name: record?.name,
            label: WorkoutLabel.label(labelItems.isEmpty ? plannedItems : labelItems),
            started: started, finished: finished, durationMilliseconds: duration, exercises: exercises,
            setCount: counted, reps: reps, volume: context.mass(kilogramTenThousandths: total),
            prs: records, notes: [record?.notes, record?.finishNotes].compactMap { $0 },
            isInProgress: record?.isOpen ?? false)
    }
}
