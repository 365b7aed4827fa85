import WlogCore

/// A workout as the exporters see it: a neutral model the CLI builds from the state.
public struct ExportWorkout: Sendable, Hashable {
    /// Session name (Strong's Workout Name, Hevy's title).
    public var name: String
    /// When it started, with the offset in force there (written as local wall time).
    public var start: ZonedInstant
    /// When it ended; `nil` when unknown (Strong writes an empty Duration, Hevy the start time).
    public var end: ZonedInstant?
    /// Workout notes.
    public var notes: String?
    /// The sets in order; consecutive sets of the same exercise form one exercise block.
    public var sets: [ExportSet]

    public init(name: String, start: ZonedInstant, end: ZonedInstant? = nil, notes: String? = nil, sets: [ExportSet]) {
        self.name = name
        self.start = start
        self.end = end
        self.notes = notes
        self.sets = sets
    }
}

/// One set as the exporters see it.
public struct ExportSet: Sendable, Hashable {
    /// The exercise's display name (`Bench Press (Barbell)`, `Bench Press`).
    public var exercise: String
    /// How the exercise is measured (decides which columns are filled).
    public var kind: ExerciseKind
    public var setType: SetType
    public var weight: Mass?
    public var reps: Int?
    public var distance: Distance?
    public var durationMilliseconds: Int64?
    public var rpe: RPE?
    public var notes: String?

    public init(exercise: String, kind: ExerciseKind = .strength, setType: SetType = .working, weight: Mass? = nil,
                reps: Int? = nil, distance: Distance? = nil, durationMilliseconds: Int64? = nil, rpe: RPE? = nil,
                notes: String? = nil) {
        self.exercise = exercise
        self.kind = kind
        self.setType = setType
        self.weight = weight
        self.reps = reps
        self.distance = distance
        self.durationMilliseconds = durationMilliseconds
        self.rpe = rpe
        self.notes = notes
    }
}

extension ZonedInstant {
    /// The local wall time in milliseconds "as if UTC".
    var localMilliseconds: Int64 { instant.millisecondsSince1970 + Int64(offsetMinutes) * 60_000 }
}
