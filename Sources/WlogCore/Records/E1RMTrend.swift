/// The estimated-1RM trend of one exercise: the best e1RM per local day and the best ever.
///
/// Counts the sets `PersonalRecords` counts (live, done, not warm-ups, strength or body-weight
/// kind); each is estimated on its `E1RMBasis` — a body-weight set on body weight + added load
/// when `bodyweight` knows the body weight at the set, else on a positive added load alone
/// (`addedLoadOnly`). Sets above `maxReps` or without an estimate are skipped.
public struct E1RMTrend: Sendable, Hashable {
    /// One day's best estimate.
    public struct Point: Sendable, Hashable {
        /// The set's local day.
        public var day: LocalDay
        /// The estimate, in the unit of the set's weight.
        public var e1rm: Mass
        /// The set it came from (the earliest on ties).
        public var set: EventID
        /// That set's weight (a body-weight set's added load).
        public var weight: Mass
        /// The body weight the estimate includes (body-weight exercises with an entry at the set).
        public var bodyweight: Mass?
        /// That set's reps.
        public var reps: Int
    }

    /// One point per day with an estimate, oldest first.
    public var points: [Point]
    /// The best estimate ever (the earliest on ties).
    public var best: Point?
    /// The formula used.
    public var formula: E1RMFormula
    /// Whether some point of a body-weight exercise stands on added load alone (no body weight
    /// recorded at its set): output says so (`E1RMBasis.addedOnlyNote`).
    public var addedLoadOnly = false

    /// Builds the trend of `exercise` from its sets (any order).
    public init(
        exercise: Exercise, sets: [LoggedSet], formula: E1RMFormula = .epley,
        maxReps: Int = E1RMFormula.defaultMaxReps, bodyweight: ((Instant) -> Mass?)? = nil
    ) {
        self.formula = formula
        let counted = sets.filter { $0.exercise == exercise.id && exercise.kind.isStrengthLike && $0.qualifies(for: exercise.kind) }
            .sorted(by: LoggedSet.historyOrder)
        var byDay: [LocalDay: Point] = [:]
        var best: Point?
        for set in counted {
            guard let reps = set.reps,
                  let basis = E1RMBasis.of(weight: set.weight, kind: exercise.kind,
                                           bodyweight: { bodyweight?(set.performed.instant) }),
                  let e1rm = formula.estimate(weight: basis.load, reps: reps, rpe: set.rpe, maxReps: maxReps)
            else { continue }
            if basis.addedOnly { addedLoadOnly = true }
            let day = set.performed.localDay
            let point = Point(day: day, e1rm: e1rm, set: set.id, weight: set.weight ?? .zero(basis.load.unit),
                              bodyweight: basis.bodyweight, reps: reps)
            if byDay[day].map({ e1rm > $0.e1rm }) ?? true { byDay[day] = point }
            if best.map({ e1rm > $0.e1rm }) ?? true { best = point }
        }
        points = byDay.values.sorted { $0.day < $1.day }
        self.best = best
    }
}
