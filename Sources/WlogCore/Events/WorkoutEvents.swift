/// A planned exercise of a routine day, copied into a workout started from it.
@PublicInit
public struct PlannedExercise: Sendable, Hashable {
    /// Exercise id.
    public var exercise: String
    /// Target number of working sets.
    public var sets: Int
    /// Target rep range, low end.
    public var repsLow: Int
    /// Target rep range, high end (≥ low).
    public var repsHigh: Int
    /// Target RPE.
    public var rpe: RPE?
    /// Rest between sets in seconds.
    public var restSeconds: Int?
}

/// `workout.started`: a session began. Its id is the event id; started-at is occurred-at.
@PublicInit
public struct WorkoutStarted: Sendable, Hashable {
    /// Session name, e.g. `Push A`.
    public var name: String?
    /// The routine it came from.
    public var routine: String?
    /// The routine day index it came from.
    public var day: Int?
    /// Planned exercises copied in from the routine day.
    public var planned: [PlannedExercise] = []
    /// Pre-workout mobility rating 1–5 (seed 001).
    public var mobility: Rating?
    /// Free text.
    public var notes: String?
}

/// `workout.exercise.added`: an exercise was added to a session (optionally at a position).
@PublicInit
public struct WorkoutExerciseAdded: Sendable, Hashable {
    public var workout: EventID
    public var exercise: String
    /// 0-based position; `nil` = at the end.
    public var position: Int?
    public var notes: String?
}

/// `workout.exercise.removed`: an exercise was removed from a session's plan.
@PublicInit
public struct WorkoutExerciseRemoved: Sendable, Hashable {
    public var workout: EventID
    public var exercise: String
    /// The one entry removed (the id of its `workout.exercise.added`), when the exercise is in
    /// the session more than once; `nil` = its entries that name no such id.
    public var entry: EventID?
}

/// `workout.exercises.reordered`: the new order of a session's exercises.
@PublicInit
public struct WorkoutExercisesReordered: Sendable, Hashable {
    public var workout: EventID
    public var exercises: [String]
}

/// `workout.finished`: a session ended. Finished-at is occurred-at.
@PublicInit
public struct WorkoutFinished: Sendable, Hashable {
    public var workout: EventID
    public var notes: String?
    /// Post-workout soreness 1–5.
    public var soreness: Rating?
    /// Session RPE (Foster), 1–10.
    public var sessionRPE: RPE?
}

/// `workout.updated`: a session renamed or its notes rewritten, in progress or finished (seed
/// 004's `PATCH /workouts/:id` with `name` or `notes`). Only the fields present change; `""`
/// clears. New notes replace the start's and the finish's; the latest change of each field wins.
@PublicInit
public struct WorkoutUpdated: Sendable, Hashable {
    public var workout: EventID
    public var name: String?
    public var notes: String?
}

/// `workout.discarded`: a session and its sets leave every projection.
@PublicInit
public struct WorkoutDiscarded: Sendable, Hashable {
    public var workout: EventID
}

extension WorkoutStarted {
    static let described = EventDescription(snapshotCode: 11, keys: [.name, .routine, .day, .planned, .mobility, .notes])
}

extension WorkoutExerciseAdded: DescribedPayload {
    init() { self.init(workout: EventID(high: 0, low: 0), exercise: "") }
    static let members: [PayloadMember<Self>] = [
        .required(.workout, { $0.workout }, { $0.workout = $1 }),
        .required(.exercise, { $0.exercise }, { $0.exercise = $1 }),
        .optional(.position, { $0.position }, { $0.position = $1 }),
        .optional(.notes, { $0.notes }, { $0.notes = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 12, payload: Self.self)
}

extension WorkoutExerciseRemoved: DescribedPayload {
    init() { self.init(workout: EventID(high: 0, low: 0), exercise: "") }
    static let members: [PayloadMember<Self>] = [
        .required(.workout, { $0.workout }, { $0.workout = $1 }),
        .required(.exercise, { $0.exercise }, { $0.exercise = $1 }),
        .optional(.entry, { $0.entry }, { $0.entry = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 13, payload: Self.self)
}

extension WorkoutExercisesReordered: DescribedPayload {
    init() { self.init(workout: EventID(high: 0, low: 0), exercises: []) }
    static let members: [PayloadMember<Self>] = [
        .required(.workout, { $0.workout }, { $0.workout = $1 }),
        .required(.exercises, { $0.exercises }, { $0.exercises = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 14, payload: Self.self)
}

extension WorkoutFinished: DescribedPayload {
    init() { self.init(workout: EventID(high: 0, low: 0)) }
    static let members: [PayloadMember<Self>] = [
        .required(.workout, { $0.workout }, { $0.workout = $1 }),
        .optional(.notes, { $0.notes }, { $0.notes = $1 }),
        .optional(.soreness, { $0.soreness }, { $0.soreness = $1 }),
        .optional(.sessionRpe, { $0.sessionRPE }, { $0.sessionRPE = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 18, payload: Self.self)
}

extension WorkoutDiscarded: DescribedPayload {
    init() { self.init(workout: EventID(high: 0, low: 0)) }
    static let members: [PayloadMember<Self>] = [
        .required(.workout, { $0.workout }, { $0.workout = $1 }),
    ]
    /// Discarding a workout takes its sets out of every record.
    static let described = EventDescription(snapshotCode: 19, changesAnyRecord: true, payload: Self.self)
}

extension WorkoutUpdated: DescribedPayload {
    init() { self.init(workout: EventID(high: 0, low: 0)) }
    static let members: [PayloadMember<Self>] = [
        .required(.workout, { $0.workout }, { $0.workout = $1 }),
        .optional(.name, { $0.name }, { $0.name = $1 }),
        .optional(.notes, { $0.notes }, { $0.notes = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 27, payload: Self.self)
}
