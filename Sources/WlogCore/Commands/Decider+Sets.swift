/// Sets: log (one or `xSETS`), edit, delete.
extension Decider {
    /// How long after a workout's start a set without `--workout` still joins it.
    static let openWorkoutWindow: Int64 = 12 * 3_600_000

    func logSets(_ c: LogSets) throws(Refusal) -> [Event] {
        guard LogSets.counts.contains(c.count) else {
            throw Refusal(field: "set.sets", value: String(c.count), allowed: "a set line repeats 1 to 100 times")
        }
        var events: [Event] = []
        let exercise: Exercise
        if let create = c.create, state.exercises(named: c.exercise).isEmpty {
            var new = create
            new.name = c.exercise
            let made = try createExercise(new)
            exercise = made.exercise
            events += made.events
        } else {
            exercise = try self.exercise(named: c.exercise, field: "set.exercise")
        }
        try SetRules(reps: c.reps, weight: c.weight, distance: c.distance, durationMilliseconds: c.durationMilliseconds)
            .check(kind: exercise.kind)
        try Plausibility(confirmed: context.confirmsImplausible).checkSet(reps: c.reps, weight: c.weight)
        let rpe = try rpe(c.rpe, field: "set.rpe")
        let effort = try rating(c.effort, field: "set.effort", name: "effort")
        let at = try occurred(c.at, field: "set.at")
        let workout: EventID?
        if let id = c.workout {
            let record = try liveWorkout(id, field: "set.workout")
            if let entry = c.entry, !record.exercises.contains(where: { $0.entry == entry && $0.exercise == exercise.id }) {
                throw Refusal(field: "set.entry", value: entry.short,
                              allowed: "an entry of " + exercise.name + " in this workout")
            }
            workout = record.id
        } else if let entry = c.entry {
            throw Refusal(field: "set.entry", value: entry.short, allowed: "an entry needs the workout it is in")
        } else {
            workout = (openWorkout(at: at.instant) ?? (c.at == nil ? nil : finishedWorkout(containing: at.instant)))?.id
        }
        let payload = SetLogged(
            exercise: exercise.id, workout: workout, reps: c.reps, weight: c.weight, distance: c.distance,
            durationMilliseconds: c.durationMilliseconds, rpe: rpe, effort: effort, setType: c.setType,
            done: c.done, notes: c.notes, source: c.source, entry: c.entry)
        for _ in 0..<c.count { events.append(context.event(.setLogged(payload), occurred: at)) }
        return events
    }

    /// The workout in progress a set at `instant` joins: the latest one started at most 12 hours before.
    func openWorkout(at instant: Instant) -> WorkoutRecord? {
        state.openWorkouts.first {
            $0.started.instant <= instant
                && instant.millisecondsSince1970 - $0.started.instant.millisecondsSince1970 <= Decider.openWorkoutWindow
        }
    }

    /// The finished (not discarded) workout whose start…finish window holds `instant`, the latest
    /// started first: a set logged late (`--at`) joins the session it was done in, not a new
    /// "phantom" workout of the day. Only back-dated sets look (O(workouts)).
    func finishedWorkout(containing instant: Instant) -> WorkoutRecord? {
        var best: WorkoutRecord?
        for workout in state.workouts.values where !workout.isDiscarded {
            guard let finished = workout.finished, workout.started.instant <= instant, instant <= finished.instant else { continue }
            if let current = best, WorkoutRecord.byStart(workout, current) { continue }
            best = workout
        }
        return best
    }

    func editSet(_ c: EditSet) throws(Refusal) -> [Event] {
        let current = try liveSet(c.set)
        let changesSomething = c.exercise != nil || c.workout != nil || c.at != nil || c.reps != nil
            || c.weight != nil || c.distance != nil || c.durationMilliseconds != nil || c.rpe != nil
            || c.effort != nil || c.setType != nil || c.done != nil || c.notes != nil || !c.cleared.isEmpty
        guard changesSomething else {
            throw Refusal(field: "edit", value: "none", allowed: "give at least one field to change")
        }
        let exercise: Exercise
        if let text = c.exercise {
            exercise = try self.exercise(named: text, field: "set.exercise")
        } else if let known = state.exercise(current.exercise) {
            exercise = known
        } else {
            throw Refusal(field: "set.exercise", value: current.exercise, problem: "is unknown",
                          allowed: "move the set to a known exercise with --exercise")
        }
        let rpe = try rpe(c.rpe, field: "set.rpe")
        let effort = try rating(c.effort, field: "set.effort", name: "effort")
        let payload = SetEdited(
            set: c.set, exercise: c.exercise == nil ? nil : exercise.id, workout: c.workout, performed: nil,
            reps: c.reps, weight: c.weight, distance: c.distance, durationMilliseconds: c.durationMilliseconds,
            rpe: rpe, effort: effort, setType: c.setType, done: c.done, notes: c.notes, cleared: c.cleared)
        try SetRules(current, after: payload).check(kind: exercise.kind)
        try Plausibility(confirmed: context.confirmsImplausible).checkSet(reps: c.reps, weight: c.weight)
        var edit = payload
        edit.performed = c.at == nil ? nil : try occurred(c.at, field: "set.at")
        if let id = c.workout { _ = try liveWorkout(id, field: "set.workout") }
        return [context.event(.setEdited(edit))]
    }

    func deleteSet(_ id: EventID, reason: String?) throws(Refusal) -> [Event] {
        _ = try liveSet(id)
        return [context.event(.setDeleted(SetDeleted(set: id, reason: reason)))]
    }

    /// A set that exists, is not deleted and is not in a discarded workout.
    func liveSet(_ id: EventID) throws(Refusal) -> LoggedSet {
        let set = try undeleted(state.set(id), id, field: "set", noun: "set",
                                unknown: "no set has this id; see `wlog history`", isDeleted: { $0.isDeleted })
        guard !set.isDiscarded else {
            throw Refusal(field: "set", value: id.short, allowed: "its workout was discarded")
        }
        return set
    }
}

extension SetRested: RecordedFact {
    /// The longest rest between two sets: an hour covers the longest rest a heavy single takes;
    /// a longer gap is the end of the session, not a rest.
    static let longestRest: Int64 = 3_600_000

    public var payload: EventPayload { .setRested(self) }

    /// A rest of 1 s to 60 min after a live set.
    public func check(in state: WlogState, context: DecideContext) throws(Refusal) {
        _ = try Decider(state: state, context: context).liveSet(set)
        guard durationMilliseconds >= 1_000, durationMilliseconds <= Self.longestRest else {
            throw Refusal(field: "rest", value: DurationText.clock(durationMilliseconds),
                          allowed: "a rest between sets is 0:01 to 60:00, e.g. 90s, 2:30 or 3m")
        }
    }
}
