/// The current version of a set: its `set.logged` event with every later edit applied.
///
/// This is what projections read. Deleted sets and sets of discarded workouts are kept by the
/// ledger for the audit but never handed to PR, e1RM or volume computations.
public struct LoggedSet: SetMeasured, Sendable, Hashable {
    /// The set's id (the id of its `set.logged` event).
    public var id: EventID
    /// The sequence number of its `set.logged` event in this journal (another replica numbers it
    /// otherwise: never an order, see `historyKey`).
    public var seq: UInt64
    /// When its `set.logged` event was recorded (ms since 1970): with the id, the tie-break of sets
    /// performed at the same instant (`HistoryKey`).
    public var loggedRecorded: Int64
    /// Exercise id.
    public var exercise: String
    /// Explicit workout, or `nil` for the implicit workout of its local day.
    public var workout: EventID?
    /// When it was performed, with the offset in force there.
    public var performed: ZonedInstant
    /// Reps, load, distance, duration, RPE and effort (`set.reps` … read them as its own).
    public var measures: SetMeasures
    public var setType: SetType
    public var done: Bool
    public var notes: String?
    /// Whether a `set.deleted` removed it.
    public var isDeleted: Bool
    /// Whether its workout was discarded.
    public var isDiscarded: Bool

    /// Makes a set version.
    public init(
        id: EventID, seq: UInt64, exercise: String, workout: EventID? = nil, performed: ZonedInstant,
        reps: Int? = nil, weight: Mass? = nil, distance: Distance? = nil, durationMilliseconds: Int64? = nil,
        rpe: RPE? = nil, effort: Rating? = nil, setType: SetType = .working, done: Bool = true,
        notes: String? = nil, isDeleted: Bool = false, isDiscarded: Bool = false, loggedRecorded: Int64 = 0
    ) {
        self.id = id
        self.seq = seq
        self.loggedRecorded = loggedRecorded
        self.exercise = exercise
        self.workout = workout
        self.performed = performed
        measures = SetMeasures(reps: reps, weight: weight, distance: distance, durationMilliseconds: durationMilliseconds,
                               rpe: rpe, effort: effort)
        self.setType = setType
        self.done = done
        self.notes = notes
        self.isDeleted = isDeleted
        self.isDiscarded = isDiscarded
    }

    /// Whether the set is still part of history (not deleted, not in a discarded workout).
    public var isLive: Bool { !isDeleted && !isDiscarded }

    /// Whether the set counts in a workout's totals — its sets, reps and volume, wherever they are
    /// shown (the API's `totalSets`/`totalReps`/`totalVolumeKg`, `wlog history`, the pages): live,
    /// done and not a warm-up. Volume adds only those of them with a load (`qualifies`).
    public var countsInTotals: Bool { isLive && done && setType != .warmup }

    /// Whether the set qualifies for PRs, e1RM and volume for an exercise of `kind`:
    /// live, done, not a warm-up, not a missed attempt, and of a strength-like kind (strength,
    /// body-weight).
    public func qualifies(for kind: ExerciseKind) -> Bool {
        isLive && done && setType != .warmup && !isMissedAttempt && kind.isStrengthLike
    }

    /// Whether the set is a hard set for muscle balance: a qualifying set, or a done working set of a
    /// timed exercise (a plank trains the core as a set of crunches does; docs/COACH.md).
    public func isHardSet(for kind: ExerciseKind) -> Bool {
        qualifies(for: kind) || (kind == .timed && isLive && done && setType != .warmup)
    }

    /// Whether the set is a missed attempt: 0 reps logged (a failed single). It stays in history,
    /// audit and exports but counts in no volume, record or e1RM.
    public var isMissedAttempt: Bool { measures.reps == 0 }

    /// Where the set stands in history (`HistoryKey`).
    public var historyKey: HistoryKey {
        HistoryKey(performed: performed.instant.millisecondsSince1970, recorded: loggedRecorded, id: id)
    }

    /// Orders sets as history does (`HistoryKey`).
    public static func historyOrder(_ a: LoggedSet, _ b: LoggedSet) -> Bool { a.historyKey < b.historyKey }
}
