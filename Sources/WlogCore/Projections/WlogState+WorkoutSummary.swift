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
        var setsByExercise: [String: [LoggedSet]] = [:]
        for set in entrySets {
            if setsByExercise[set.exercise] == nil && !order.contains(set.exercise) { order.append(set.exercise) }
            setsByExercise[set.exercise, default: []].append(set)
        }
        var exercises: [WorkoutExerciseSummary] = []
        var labelItems: [WorkoutLabel.Item] = []
        var plannedItems: [WorkoutLabel.Item] = []
        var total: Int64 = 0
        var reps = 0
        for id in order {
            let exercise = exerciseOrStandIn(id)
            let sets = setsByExercise[id] ?? []
            var volume: Int64 = 0
            for set in sets {
                volume += SetVolume.kilogramTenThousandths(of: set, kind: exercise.kind) ?? 0
                reps += set.reps ?? 0
            }
            total += volume
            let notes = record?.exercises.first(where: { $0.exercise == id })?.notes
            exercises.append(WorkoutExerciseSummary(
                exercise: exercise, notes: notes, sets: sets, volume: context.mass(kilogramTenThousandths: volume)))
            plannedItems.append(WorkoutLabel.Item(group: exercise.group, sets: 0))
            if !sets.isEmpty { labelItems.append(WorkoutLabel.Item(group: exercise.group, sets: sets.count)) }
        }
        var records: [SetRecords] = []
        prs.prepare(for: entrySets)
        for set in entrySets {
            let made = prs.records(of: set)
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
            setCount: entrySets.count, reps: reps, volume: context.mass(kilogramTenThousandths: total),
            prs: records, notes: [record?.notes, record?.finishNotes].compactMap { $0 },
            isInProgress: record?.isOpen ?? false)
    }
}
