import WlogCore

/// A journal over the shipped library, for planner, coach, balance and chart tests.
struct PlanJournal {
    var builder = JournalBuilder()

    /// The state of everything appended, over the built-in library.
    var state: WlogState { WlogState.replay(builder.events, from: .initial) }

    /// The state as of sequence `n`.
    func state(asOf n: UInt64) -> WlogState { WlogState.replay(builder.events, upTo: .sequence(n), from: .initial) }

    @discardableResult
    mutating func append(_ payload: EventPayload, at: Instant) -> EventID { builder.append(payload, at: at) }

    /// Logs `count` identical sets of `exercise`.
    @discardableResult
    mutating func sets(_ exercise: String, _ weight: Mass?, _ reps: Int, count: Int = 1, rpe: Double? = nil, at: Instant,
                       workout: EventID? = nil) -> [EventID] {
        (0..<count).map { i in
            append(.setLogged(SetLogged(exercise: exercise, workout: workout, reps: reps, weight: weight, rpe: rpe.flatMap { RPE($0) })),
                   at: at.adding(milliseconds: Int64(i) * 60_000))
        }
    }

    /// Starts a workout from a routine day, finishing it after `minutes` unless `open`.
    @discardableResult
    mutating func workout(routine: String?, day: Int?, planned: [PlannedExercise] = [], at: Instant, minutes: Int = 60,
                          sessionRPE: Double? = nil, mobility: Int? = nil, open: Bool = false) -> EventID {
        let id = append(.workoutStarted(WorkoutStarted(name: nil, routine: routine, day: day, planned: planned,
                                                       mobility: mobility.flatMap { Rating($0) })), at: at)
        if !open {
            append(.workoutFinished(WorkoutFinished(workout: id, sessionRPE: sessionRPE.flatMap { RPE($0) })),
                   at: at.adding(milliseconds: Int64(minutes) * 60_000))
        }
        return id
    }

    /// A three-day routine: Push (bench 3 × 8–12 @8), Pull (row 3 × 8–12), Legs (squat 5 × 3–5 @8).
    static let ppl = Routine(id: "ppl", name: "PPL", weeks: 4, deloadWeeks: [4], days: [
        RoutineDay(index: 1, title: "Push", exercises: [
            PlannedExercise(exercise: "bench-press", sets: 3, repsLow: 8, repsHigh: 12, rpe: RPE(8), restSeconds: 120),
            PlannedExercise(exercise: "dumbbell-bench-press", sets: 3, repsLow: 8, repsHigh: 12, rpe: RPE(8)),
        ]),
        RoutineDay(index: 2, title: "Pull", exercises: [
            PlannedExercise(exercise: "barbell-row", sets: 3, repsLow: 8, repsHigh: 12),
        ]),
        RoutineDay(index: 3, title: "Legs", exercises: [
            PlannedExercise(exercise: "back-squat", sets: 5, repsLow: 3, repsHigh: 5, rpe: RPE(8)),
        ]),
    ])
}

extension QueryContext {
    /// A context at `now` in UTC, kilograms.
    static func at(_ now: Instant, unit: MassUnit = .kg) -> QueryContext { QueryContext(now: now, offsetMinutes: 0, unit: unit) }
}
