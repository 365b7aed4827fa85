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
        // The session's entries in order, then any other exercise by its first set; an exercise
        // listed more than once has an entry per listing (`WorkoutExercise`).
        var order: [(exercise: String, entry: EventID?, notes: String?)] = record?.exercises.map { ($0.exercise, $0.entry, $0.notes) } ?? []
        let further = record?.exercises.contains { $0.entry != nil } ?? false
        // The exercises of the sets by first set, each one's sets, and each set's exercise among
        // them (a workout has a handful: compared, not hashed; the last one first).
        var performed: [String] = []
        var performedOfSet: [Int] = []
        // Each performed exercise's first entry in `order`, and each set's entry.
        var orderOfPerformed: [Int] = []
        var orderOfSet: [Int] = []
        performedOfSet.reserveCapacity(entrySets.count)
        orderOfSet.reserveCapacity(entrySets.count)
        for set in entrySets {
            var k = performedOfSet.last ?? -1
            if k < 0 || performed[k] != set.exercise {
                if let known = performed.firstIndex(of: set.exercise) {
                    k = known
                } else {
                    k = performed.count
                    performed.append(set.exercise)
                    if let listed = order.firstIndex(where: { $0.exercise == set.exercise }) {
                        orderOfPerformed.append(listed)
                    } else {
                        orderOfPerformed.append(order.count)
                        order.append((set.exercise, nil, nil))
                    }
                }
            }
            performedOfSet.append(k)
            orderOfSet.append(further ? Self.place(of: set, in: order, record: record) : orderOfPerformed[k])
        }
        var setsOfOrder = [[LoggedSet]](repeating: [], count: order.count)
        for (set, o) in zip(entrySets, orderOfSet) { setsOfOrder[o].append(set) }
        var exercises: [WorkoutExerciseSummary] = []
        var labelItems: [WorkoutLabel.Item] = []
        var plannedItems: [WorkoutLabel.Item] = []
        var total: Int64 = 0
        var reps = 0, counted = 0
        for (o, listed) in order.enumerated() {
            let exercise = exerciseOrStandIn(listed.exercise)
            let sets = setsOfOrder[o]
            var volume: Int64 = 0
            for set in sets where set.countsInTotals {
                volume += SetVolume.kilogramTenThousandths(of: set, kind: exercise.kind) ?? 0
                reps += set.reps ?? 0
                counted += 1
            }
            total += volume
            var item = WorkoutExerciseSummary(
                exercise: exercise, notes: listed.notes, sets: sets, volume: context.mass(kilogramTenThousandths: volume))
            item.entry = listed.entry
            exercises.append(item)
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

    /// The place in `order` of a set of a session that lists an exercise more than once: the
    /// further entry the set was logged into while it is listed for the set's exercise, else the
    /// exercise's first entry naming no id, else its first entry.
    static func place(of set: LoggedSet, in order: [(exercise: String, entry: EventID?, notes: String?)], record: WorkoutRecord?) -> Int {
        if let record, let entry = record.exercises.first(where: { $0.entry != nil && $0.sets.contains(set.id) })?.entry,
           let o = order.firstIndex(where: { $0.entry == entry && $0.exercise == set.exercise }) {
            return o
        }
        return order.firstIndex { $0.exercise == set.exercise && $0.entry == nil }
            ?? order.firstIndex { $0.exercise == set.exercise } ?? 0
    }
}
