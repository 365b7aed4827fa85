/// A planned exercise of a routine day, copied into a workout started from it.
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

    public init(exercise: String, sets: Int, repsLow: Int, repsHigh: Int, rpe: RPE? = nil, restSeconds: Int? = nil) {
        self.exercise = exercise
        self.sets = sets
        self.repsLow = repsLow
        self.repsHigh = repsHigh
        self.rpe = rpe
        self.restSeconds = restSeconds
    }
}

/// `workout.started`: a session began. Its id is the event id; started-at is occurred-at.
public struct WorkoutStarted: Sendable, Hashable {
    /// Session name, e.g. `Push A`.
    public var name: String?
    /// The routine it came from.
    public var routine: String?
    /// The routine day index it came from.
    public var day: Int?
    /// Planned exercises copied in from the routine day.
    public var planned: [PlannedExercise]
    /// Pre-workout mobility rating 1–5 (seed 001).
    public var mobility: Rating?
    /// Free text.
    public var notes: String?

    public init(name: String? = nil, routine: String? = nil, day: Int? = nil, planned: [PlannedExercise] = [],
                mobility: Rating? = nil, notes: String? = nil) {
        self.name = name
        self.routine = routine
        self.day = day
        self.planned = planned
        self.mobility = mobility
        self.notes = notes
    }
}

/// `workout.exercise.added`: an exercise was added to a session (optionally at a position).
public struct WorkoutExerciseAdded: Sendable, Hashable {
    public var workout: EventID
    public var exercise: String
    /// 0-based position; `nil` = at the end.
    public var position: Int?
    public var notes: String?

    public init(workout: EventID, exercise: String, position: Int? = nil, notes: String? = nil) {
        self.workout = workout
        self.exercise = exercise
        self.position = position
        self.notes = notes
    }
}

/// `workout.exercise.removed`: an exercise was removed from a session's plan.
public struct WorkoutExerciseRemoved: Sendable, Hashable {
    public var workout: EventID
    public var exercise: String
    /// The one entry removed (the id of its `workout.exercise.added`), when the exercise is in
    /// the session more than once; `nil` = its entries that name no such id.
    public var entry: EventID?

    public init(workout: EventID, exercise: String, entry: EventID? = nil) {
        self.workout = workout
        self.exercise = exercise
        self.entry = entry
    }
}

/// `workout.exercises.reordered`: the new order of a session's exercises.
public struct WorkoutExercisesReordered: Sendable, Hashable {
    public var workout: EventID
    public var exercises: [String]

    public init(workout: EventID, exercises: [String]) {
        self.workout = workout
        self.exercises = exercises
    }
}

/// `workout.finished`: a session ended. Finished-at is occurred-at.
public struct WorkoutFinished: Sendable, Hashable {
    public var workout: EventID
    public var notes: String?
    /// Post-workout soreness 1–5.
    public var soreness: Rating?
    /// Session RPE (Foster), 1–10.
    public var sessionRPE: RPE?

    public init(workout: EventID, notes: String? = nil, soreness: Rating? = nil, sessionRPE: RPE? = nil) {
        self.workout = workout
        self.notes = notes
        self.soreness = soreness
        self.sessionRPE = sessionRPE
    }
}

/// `workout.updated`: a session renamed or its notes rewritten, in progress or finished (seed
/// 004's `PATCH /workouts/:id` with `name` or `notes`). Only the fields present change; `""`
/// clears. New notes replace the start's and the finish's; the latest change of each field wins.
public struct WorkoutUpdated: Sendable, Hashable {
    public var workout: EventID
    public var name: String?
    public var notes: String?

    public init(workout: EventID, name: String? = nil, notes: String? = nil) {
        self.workout = workout
        self.name = name
        self.notes = notes
    }
}

/// `workout.discarded`: a session and its sets leave every projection.
public struct WorkoutDiscarded: Sendable, Hashable {
    public var workout: EventID

    public init(workout: EventID) { self.workout = workout }
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
