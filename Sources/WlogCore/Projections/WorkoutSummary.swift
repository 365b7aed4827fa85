/// One workout as history shows it: exercises in order with their sets, volume, duration, label, PRs.
public struct WorkoutSummary: Sendable, Hashable {
    public var key: WorkoutKey
    /// The local day it is listed under (explicit: the day it started).
    public var day: LocalDay
    /// Session name (explicit workouts).
    public var name: String?
    /// `Push`, `Pull`, `Legs`, `Sharms`, `Chest & Back` …
    public var label: String
    /// Explicit: the session start. Implicit: its first set.
    public var started: ZonedInstant?
    /// Explicit: the session finish (nil while in progress). Implicit: its last set.
    public var finished: ZonedInstant?
    /// `finished − started`; nil for a session still in progress.
    public var durationMilliseconds: Int64?
    /// Exercises in the session's order (then any other exercise by its first set).
    public var exercises: [WorkoutExerciseSummary]
    /// Number of sets that count in the totals (`LoggedSet.countsInTotals`: done, not warm-ups).
    public var setCount: Int
    /// Total reps of those sets.
    public var reps: Int
    /// Total volume of qualifying sets, in the display unit.
    public var volume: Mass
    /// The sets that made records, in history order.
    public var prs: [SetRecords]
    /// Start and finish notes (explicit workouts).
    public var notes: [String]
    /// Whether it is a session still in progress.
    public var isInProgress: Bool

    /// The session id (explicit workouts).
    public var id: EventID? { key.id }
}

/// One exercise of a workout summary.
public struct WorkoutExerciseSummary: Sendable, Hashable {
    public var exercise: Exercise
    /// The session notes for the exercise.
    public var notes: String?
    /// Its live sets in history order.
    public var sets: [LoggedSet]
    /// Volume of its qualifying sets in the display unit.
    public var volume: Mass
    /// The session's further entry of the exercise this is (`WorkoutExercise.entry`); nil for its
    /// first entry, or an exercise the session does not list.
    public var entry: EventID? = nil
}

/// The records one set made when it was performed.
public struct SetRecords: Sendable, Hashable {
    public var set: EventID
    public var exercise: String
    /// The categories it was a PR in when performed, in display order (`RecordKind.name` for export).
    public var records: [RecordKind]
}
