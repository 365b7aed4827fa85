/// Sessions: start, finish, discard, and their exercise list.
extension Decider {
    func startWorkout(_ c: StartWorkout) throws(Refusal) -> [Event] {
        let at = try occurred(c.at, field: "workout.at")
        // Two sessions in progress within 12 hours of each other would compete for every set.
        if !c.allowsOtherOpen, let open = state.openWorkouts.first(where: {
            abs(at.instant.millisecondsSince1970 - $0.started.instant.millisecondsSince1970) <= Decider.openWorkoutWindow
        }) {
            throw Refusal(field: "workout", value: open.id.short, problem: "is already in progress",
                          allowed: "finish it (wlog append workout finish) or discard it before starting another")
        }
        let mobility = try rating(c.mobility, field: "workout.mobility", name: "mobility")
        var payload = WorkoutStarted(name: c.name, mobility: mobility, notes: c.notes)
        if let text = c.routine {
            let routine = try routine(named: text, field: "workout.routine")
            let index = c.day ?? routine.days.map(\.index).min() ?? 1
            guard let day = routine.days.first(where: { $0.index == index }) else {
                let days = routine.days.map { String($0.index) }.joined(separator: ", ")
                throw Refusal(field: "workout.day", value: String(index),
                              allowed: routine.name + " has days " + (days.isEmpty ? "none" : days))
            }
            payload.routine = routine.id
            payload.day = day.index
            payload.planned = day.exercises
            if payload.name == nil { payload.name = day.title }
        } else if let day = c.day {
            throw Refusal(field: "workout.day", value: String(day), allowed: "a day needs --routine")
        }
        return [context.event(.workoutStarted(payload), occurred: at)]
    }

    func finishWorkout(_ c: FinishWorkout) throws(Refusal) -> [Event] {
        let record: WorkoutRecord
        if let id = c.workout {
            record = try liveWorkout(id, field: "workout")
        } else if let open = state.openWorkouts.first {
            record = open
        } else {
            throw Refusal(field: "workout", value: "none",
                          allowed: "no workout is in progress; start one with `wlog append workout start`")
        }
        guard record.finished == nil else {
            throw Refusal(field: "workout", value: record.id.short, problem: "is already finished",
                          allowed: "a workout finishes once")
        }
        let at = try occurred(c.at, field: "workout.at")
        guard record.started.instant <= at.instant else {
            throw Refusal(field: "workout.at", value: at.iso8601WithOffset,
                          allowed: "a workout cannot finish before it started (" + record.started.iso8601WithOffset + ")")
        }
        let soreness = try rating(c.soreness, field: "workout.soreness", name: "soreness")
        let sessionRPE = try rpe(c.sessionRPE, field: "workout.session-rpe")
        let payload = WorkoutFinished(workout: record.id, notes: c.notes, soreness: soreness, sessionRPE: sessionRPE)
        return [context.event(.workoutFinished(payload), occurred: at)]
    }

    func discardWorkout(_ id: EventID) throws(Refusal) -> [Event] {
        let record = try liveWorkout(id, field: "workout")
        return [context.event(.workoutDiscarded(WorkoutDiscarded(workout: record.id)))]
    }

    func addWorkoutExercise(_ id: EventID, exercise text: String, position: Int?, notes: String?) throws(Refusal) -> [Event] {
        let record = try liveWorkout(id, field: "workout")
        // An exercise already in the session makes a further entry (bench first and again at the end).
        let exercise = try exercise(named: text, field: "workout.exercise")
        if let position, !(0...record.exercises.count).contains(position) {
            throw Refusal(field: "workout.position", value: String(position),
                          allowed: "a position from 0 to " + String(record.exercises.count))
        }
        let payload = WorkoutExerciseAdded(workout: record.id, exercise: exercise.id, position: position, notes: notes)
        return [context.event(.workoutExerciseAdded(payload))]
    }

    /// Removes entry `entry` of the exercise (a further entry's id, `WorkoutExercise.entry`), or
    /// without one its first entry: the entries that name no id, else its first further one.
    func removeWorkoutExercise(_ id: EventID, exercise text: String, entry: EventID?) throws(Refusal) -> [Event] {
        let record = try liveWorkout(id, field: "workout")
        let exercise = try exerciseOfWorkout(text, record)
        let entries = record.exercises.filter { $0.exercise == exercise }
        if let entry, !entries.contains(where: { $0.entry == entry }) {
            throw Refusal(field: "workout.entry", value: entry.short, allowed: "it is not an entry of this exercise in this workout")
        }
        let removed = entry ?? (entries.contains { $0.entry == nil } ? nil : entries.first?.entry)
        return [context.event(.workoutExerciseRemoved(WorkoutExerciseRemoved(workout: record.id, exercise: exercise, entry: removed)))]
    }

    func reorderWorkoutExercises(_ id: EventID, exercises texts: [String]) throws(Refusal) -> [Event] {
        let record = try liveWorkout(id, field: "workout")
        var ids: [String] = []
        for text in texts {
            let exercise = try exerciseOfWorkout(text, record)
            guard !ids.contains(exercise) else {
                throw Refusal(field: "workout.exercises", value: quoted(text), allowed: "name each exercise once")
            }
            ids.append(exercise)
        }
        return [context.event(.workoutExercisesReordered(WorkoutExercisesReordered(workout: record.id, exercises: ids)))]
    }

    /// The id of an exercise that is in the workout's list.
    private func exerciseOfWorkout(_ text: String, _ record: WorkoutRecord) throws(Refusal) -> String {
        let exercise = try exercise(named: text, field: "workout.exercise")
        guard record.exercises.contains(where: { $0.exercise == exercise.id }) else {
            throw Refusal(field: "workout.exercise", value: quoted(exercise.name), allowed: "it is not in this workout")
        }
        return exercise.id
    }
}

extension WorkoutUpdated: RecordedFact {
    public var payload: EventPayload { .workoutUpdated(self) }

    /// A rename or new notes of a session that is not discarded, changing at least one of them.
    public func check(in state: WlogState, context: DecideContext) throws(Refusal) {
        _ = try Decider(state: state, context: context).liveWorkout(workout, field: "workout")
        guard name != nil || notes != nil else {
            throw Refusal(field: "workout", value: "none", allowed: "give a name or notes to change")
        }
    }
}
