import WlogCore

/// A workout as the exporters see it: a neutral model, made from the state's workout summary.
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
}

extension ExportWorkout {
    /// `summary`'s workout, started at `start`, holding `sets` (those to export): named as the
    /// history names it, its notes one per line.
    public init(_ summary: WorkoutSummary, start: ZonedInstant, sets: [ExportSet]) {
        self.init(name: summary.name ?? summary.label, start: start, end: summary.finished,
                  notes: summary.notes.isEmpty ? nil : summary.notes.joined(separator: "\n"), sets: sets)
    }
}

/// One set as the exporters see it.
public struct ExportSet: Sendable, Hashable {
    /// The exercise's display name (`Bench Press (Barbell)`, `Bench Press`).
    public var exercise: String
    /// How the exercise is measured (decides which columns are filled).
    public var kind: ExerciseKind = .strength
    public var setType: SetType = .working
    public var weight: Mass?
    public var reps: Int?
    public var distance: Distance?
    public var durationMilliseconds: Int64?
    public var rpe: RPE?
    public var notes: String?
}

extension ExportSet {
    /// A logged set of `exercise`.
    public init(_ set: LoggedSet, of exercise: Exercise) {
        self.init(exercise: exercise.name, kind: exercise.kind, setType: set.setType, weight: set.weight, reps: set.reps,
                  distance: set.distance, durationMilliseconds: set.durationMilliseconds, rpe: set.rpe, notes: set.notes)
    }
}

extension ZonedInstant {
    /// The local wall time in milliseconds "as if UTC".
    var localMilliseconds: Int64 { instant.millisecondsSince1970 + Int64(offsetMinutes) * 60_000 }
}
