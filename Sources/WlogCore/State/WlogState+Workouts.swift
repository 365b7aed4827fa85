/// Explicit workouts: evolve and reads.
extension WlogState {
    /// An explicit workout by id (discarded ones included).
    public func workout(_ id: EventID) -> WorkoutRecord? { workouts[id] }

    /// Every explicit workout, discarded ones included, oldest start first.
    public var allWorkouts: [WorkoutRecord] {
        workouts.values.sorted { ($0.started.instant, $0.seq) < ($1.started.instant, $1.seq) }
    }

    /// The workouts in progress (started, neither finished nor discarded), latest start first.
    public var openWorkouts: [WorkoutRecord] {
        workouts.values.filter(\.isOpen).sorted { ($0.started.instant, $0.seq) > ($1.started.instant, $1.seq) }
    }

    mutating func applyWorkoutStarted(_ p: WorkoutStarted, event: Event) {
        workouts[event.id] = WorkoutRecord(
            id: event.id, seq: event.seq, started: event.envelope.occurred, name: p.name, routine: p.routine,
            day: p.day, planned: p.planned, exercises: p.planned.map { WorkoutExercise(exercise: $0.exercise) },
            mobility: p.mobility, notes: p.notes)
    }

    mutating func applyWorkoutExerciseAdded(_ p: WorkoutExerciseAdded) {
        guard var record = workouts[p.workout] else { return }
        let item = WorkoutExercise(exercise: p.exercise, notes: p.notes)
        if let position = p.position, (0...record.exercises.count).contains(position) {
            record.exercises.insert(item, at: position)
        } else {
            record.exercises.append(item)
        }
        workouts[p.workout] = record
    }

    mutating func applyWorkoutExerciseRemoved(_ p: WorkoutExerciseRemoved) {
        workouts[p.workout]?.exercises.removeAll { $0.exercise == p.exercise }
    }

    /// Puts the named exercises first in the given order; any not named keep their relative order after.
    mutating func applyWorkoutExercisesReordered(_ p: WorkoutExercisesReordered) {
        guard var record = workouts[p.workout] else { return }
        var rest = record.exercises
        var ordered: [WorkoutExercise] = []
        for id in p.exercises {
            if let index = rest.firstIndex(where: { $0.exercise == id }) {
                ordered.append(rest.remove(at: index))
            }
        }
        record.exercises = ordered + rest
        workouts[p.workout] = record
    }

    /// A discarded workout and its sets leave every projection.
    mutating func applyWorkoutDiscarded(_ p: WorkoutDiscarded) {
        guard workouts[p.workout] != nil else { return }
        workouts[p.workout]?.isDiscarded = true
        sets.discard(workout: p.workout)
    }

    mutating func applyWorkoutFinished(_ p: WorkoutFinished, event: Event) {
        guard let index = workouts.index(forKey: p.workout) else { return }
        workouts.values[index].finished = event.envelope.occurred
        if let v = p.notes { workouts.values[index].finishNotes = v }
        if let v = p.soreness { workouts.values[index].soreness = v }
        if let v = p.sessionRPE { workouts.values[index].sessionRPE = v }
    }
}
