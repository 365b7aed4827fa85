/// Explicit workouts: evolve and reads.
extension WlogState {
    /// An explicit workout by id (discarded ones included).
    public func workout(_ id: EventID) -> WorkoutRecord? { workouts[id] }

    /// Every explicit workout, discarded ones included, oldest start first (`WorkoutRecord.byStart`).
    public var allWorkouts: [WorkoutRecord] { workouts.values.sorted(by: WorkoutRecord.byStart) }

    /// The workouts in progress (started, neither finished nor discarded), latest start first.
    public var openWorkouts: [WorkoutRecord] {
        workouts.values.filter(\.isOpen).sorted { WorkoutRecord.byStart($1, $0) }
    }

    mutating func applyWorkoutStarted(_ p: WorkoutStarted, event: Event) {
        workouts[event.id] = WorkoutRecord(
            id: event.id, seq: event.seq, started: event.envelope.occurred, name: p.name, routine: p.routine,
            day: p.day, planned: p.planned, exercises: p.planned.map { WorkoutExercise(exercise: $0.exercise) },
            mobility: p.mobility, notes: p.notes)
    }

    /// An exercise the session already has makes a further entry, named by the event's id.
    mutating func applyWorkoutExerciseAdded(_ p: WorkoutExerciseAdded, event: Event) {
        guard var record = workouts[p.workout] else { return }
        let again = record.exercises.contains { $0.exercise == p.exercise }
        let item = WorkoutExercise(exercise: p.exercise, notes: p.notes, entry: again ? event.id : nil)
        if let position = p.position, (0...record.exercises.count).contains(position) {
            record.exercises.insert(item, at: position)
        } else {
            record.exercises.append(item)
        }
        workouts[p.workout] = record
    }

    /// Removes the entry `p.entry` names, else the exercise's entries that name none.
    mutating func applyWorkoutExerciseRemoved(_ p: WorkoutExerciseRemoved) {
        workouts[p.workout]?.exercises.removeAll { $0.exercise == p.exercise && $0.entry == p.entry }
    }

    /// A set logged naming an entry of its workout joins that entry.
    mutating func placeSet(_ set: EventID, workout: EventID, entry: EventID) {
        guard let index = workouts[workout]?.exercises.firstIndex(where: { $0.entry == entry }) else { return }
        workouts[workout]?.exercises[index].sets.append(set)
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

    /// A rename or new notes: the latest change of each field by stamp wins (`""` clears); new
    /// notes replace the start's and the finish's.
    mutating func applyWorkoutUpdated(_ p: WorkoutUpdated, stamp: SetChange.Stamp) {
        guard workouts[p.workout] != nil else { return }
        let key = "workout." + p.workout.hex
        if let name = p.name, latest.take(key + ".name", stamp) { workouts[p.workout]?.name = name.isEmpty ? nil : name }
        if let notes = p.notes, latest.take(key + ".notes", stamp) {
            workouts[p.workout]?.notes = notes.isEmpty ? nil : notes
            workouts[p.workout]?.finishNotes = nil
        }
    }

    /// A discarded workout and its sets leave every projection.
    mutating func applyWorkoutDiscarded(_ p: WorkoutDiscarded) {
        guard workouts[p.workout] != nil else { return }
        workouts[p.workout]?.isDiscarded = true
        sets.discard(workout: p.workout)
    }

    /// Two finishes of one session (made on two devices before they synced) resolve the same on
    /// every replica: the later finish time wins, equal times by the finish's fields
    /// (`finishPrecedes`); a finish that loses changes nothing.
    mutating func applyWorkoutFinished(_ p: WorkoutFinished, event: Event) {
        guard let index = workouts.index(forKey: p.workout) else { return }
        let record = workouts.values[index]
        if let finished = record.finished,
           !Self.finishPrecedes((finished, record.finishNotes, record.soreness, record.sessionRPE),
                                (event.envelope.occurred, p.notes, p.soreness, p.sessionRPE)) { return }
        workouts.values[index].finished = event.envelope.occurred
        workouts.values[index].finishNotes = p.notes
        workouts.values[index].soreness = p.soreness
        workouts.values[index].sessionRPE = p.sessionRPE
    }

    /// Whether finish `a` loses to finish `b`: an earlier time, or at the same time fields that
    /// sort before (notes, soreness, session RPE; a total order, so the winner is one everywhere).
    static func finishPrecedes(_ a: (at: ZonedInstant, notes: String?, soreness: Rating?, rpe: RPE?),
                               _ b: (at: ZonedInstant, notes: String?, soreness: Rating?, rpe: RPE?)) -> Bool {
        let ka = (a.at.instant.millisecondsSince1970, a.at.offsetMinutes, a.notes ?? "", Int(a.soreness?.value ?? 0), a.rpe?.halfPoints ?? 0)
        let kb = (b.at.instant.millisecondsSince1970, b.at.offsetMinutes, b.notes ?? "", Int(b.soreness?.value ?? 0), b.rpe?.halfPoints ?? 0)
        return ka < kb
    }
}
