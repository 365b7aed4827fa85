/// An explicit workout (session) as its events left it.
///
/// Sets are not listed here: a set names its workout, and queries group sets by workout.
@PublicInit
public struct WorkoutRecord: Sendable, Hashable {
    /// The id of its `workout.started` event.
    public var id: EventID
    /// The sequence number of `workout.started`.
    public var seq: UInt64
    /// When it started, with the offset in force there.
    public var started: ZonedInstant
    /// Session name, e.g. `Push A`.
    public var name: String?
    /// The routine and day it came from.
    public var routine: String?
    public var day: Int?
    /// Planned exercises copied in from the routine day.
    public var planned: [PlannedExercise] = []
    /// The session's exercises in order (planned, then added; reordered and removed as told).
    public var exercises: [WorkoutExercise] = []
    /// Pre-workout mobility rating.
    public var mobility: Rating?
    /// Notes given at the start.
    public var notes: String?
    /// When it finished, if it did.
    public var finished: ZonedInstant?
    /// Notes given at the end.
    public var finishNotes: String?
    /// Post-workout soreness.
    public var soreness: Rating?
    /// Session RPE (Foster).
    public var sessionRPE: RPE?
    /// Whether it was discarded: it and its sets leave every projection.
    public var isDiscarded: Bool = false

    /// Whether it is in progress: neither finished nor discarded.
    public var isOpen: Bool { finished == nil && !isDiscarded }

    /// Orders workouts by start, then by id: the same on every replica (docs/SYNC.md; `seq` is
    /// this journal's own numbering).
    public static func byStart(_ a: WorkoutRecord, _ b: WorkoutRecord) -> Bool {
        a.started.instant != b.started.instant ? a.started.instant < b.started.instant : a.id < b.id
    }
}

/// An entry of a session's exercise list, with its session notes. An exercise may be in a
/// session more than once (bench first and again at the end): its first entry holds the sets
/// that name no entry, each later one the sets logged naming it (`set.logged`'s `entry`).
public struct WorkoutExercise: Sendable, Hashable {
    /// Exercise id.
    public var exercise: String
    public var notes: String?
    /// The id of the `workout.exercise.added` that made this entry when the session already had
    /// the exercise; nil for an exercise's first entry (planned or added).
    public var entry: EventID?
    /// The sets logged naming `entry`, in the order applied (empty without an `entry`).
    public var sets: [EventID] = []
}
