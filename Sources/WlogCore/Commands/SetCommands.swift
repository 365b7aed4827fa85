/// `log set`: one set, or several identical ones, of an exercise named as the lifter typed it.
public struct LogSets: SetMeasured, Sendable, Hashable {
    /// Name, id or alias of the exercise.
    public var exercise: String
    /// When given and the exercise is unknown, create it (find-or-create) instead of refusing.
    public var create: NewExercise?
    /// The workout; nil = the workout in progress if one started within 12 hours, else the
    /// implicit workout of the set's local day.
    public var workout: EventID?
    /// When it was performed; nil = now.
    public var at: ZonedInstant?
    /// Reps, load, distance, duration, RPE and effort as typed (`c.reps` … read them as its own).
    public var measures: TypedSetMeasures
    public var setType: SetType
    public var done: Bool
    public var notes: String?
    /// Number of identical sets (`xSETS`), 1…100 (`counts`).
    public var count: Int
    /// For imports: the source row's original text.
    public var source: String?
    /// The entry of `workout` it is logged into when the exercise is there more than once (a
    /// further entry's id, `WorkoutExercise.entry`); nil = the exercise's first entry.
    public var entry: EventID?

    /// How many identical sets one line may log (the SPEC's `xSETS` and `--sets` alike).
    public static let counts = 1...100

    public init(
        exercise: String, create: NewExercise? = nil, workout: EventID? = nil, at: ZonedInstant? = nil,
        reps: Int? = nil, weight: Mass? = nil, distance: Distance? = nil, durationMilliseconds: Int64? = nil,
        rpe: Double? = nil, effort: Int? = nil, setType: SetType = .working, done: Bool = true,
        notes: String? = nil, count: Int = 1, source: String? = nil
    ) {
        self.exercise = exercise
        self.create = create
        self.workout = workout
        self.at = at
        measures = TypedSetMeasures(reps: reps, weight: weight, distance: distance,
                                    durationMilliseconds: durationMilliseconds, rpe: rpe, effort: effort)
        self.setType = setType
        self.done = done
        self.notes = notes
        self.count = count
        self.source = source
    }
}

/// `edit`: a correction of a set; only the fields given change.
public struct EditSet: SetMeasured, Sendable, Hashable {
    public var set: EventID
    /// Move the set to another exercise (name, id or alias).
    public var exercise: String?
    public var workout: EventID?
    public var at: ZonedInstant?
    /// The new measures as typed (`c.reps` …): each one given replaces the set's, nil leaves it.
    public var measures: TypedSetMeasures
    public var setType: SetType?
    public var done: Bool?
    /// `""` clears the notes.
    public var notes: String?
    /// The optional fields to clear (the API's `null`); refused where the exercise's kind needs them.
    public var cleared: SetEdited.Cleared

    public init(
        set: EventID, exercise: String? = nil, workout: EventID? = nil, at: ZonedInstant? = nil,
        reps: Int? = nil, weight: Mass? = nil, distance: Distance? = nil, durationMilliseconds: Int64? = nil,
        rpe: Double? = nil, effort: Int? = nil, setType: SetType? = nil, done: Bool? = nil, notes: String? = nil,
        cleared: SetEdited.Cleared = []
    ) {
        self.set = set
        self.exercise = exercise
        self.workout = workout
        self.at = at
        measures = TypedSetMeasures(reps: reps, weight: weight, distance: distance,
                                    durationMilliseconds: durationMilliseconds, rpe: rpe, effort: effort)
        self.setType = setType
        self.done = done
        self.notes = notes
        self.cleared = cleared
    }
}
