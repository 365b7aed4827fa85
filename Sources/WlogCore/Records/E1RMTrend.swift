/// The estimated-1RM trend of one exercise: the best e1RM per local day and the best ever.
///
/// Counts the sets `PersonalRecords` counts (live, done, not warm-ups, strength or body-weight
/// kind, positive load); sets above `maxReps` or without an estimate are skipped.
public struct E1RMTrend: Sendable, Hashable {
    /// One day's best estimate.
    public struct Point: Sendable, Hashable {
        /// The set's local day.
        public var day: LocalDay
        /// The estimate, in the unit of the set's weight.
        public var e1rm: Mass
        /// The set it came from (the earliest on ties).
        public var set: EventID
        /// That set's weight.
        public var weight: Mass
        /// That set's reps.
        public var reps: Int
    }

    /// One point per day with an estimate, oldest first.
    public var points: [Point]
    /// The best estimate ever (the earliest on ties).
    public var best: Point?
    /// The formula used.
    public var formula: E1RMFormula

    /// Builds the trend of `exercise` from its sets (any order).
    public init(
        exercise: Exercise, sets: [LoggedSet], formula: E1RMFormula = .epley,
        maxReps: Int = E1RMFormula.defaultMaxReps
    ) {
        self.formula = formula
        let counted = sets.filter { $0.exercise == exercise.id && exercise.kind.isStrengthLike && $0.qualifies(for: exercise.kind) }
            .sorted(by: LoggedSet.historyOrder)
        var byDay: [LocalDay: Point] = [:]
        var best: Point?
        for set in counted {
            guard let weight = set.weight, weight.tenThousandths > 0, let reps = set.reps,
                  let e1rm = formula.estimate(weight: weight, reps: reps, rpe: set.rpe, maxReps: maxReps)
            else { continue }
            let day = set.performed.localDay
            let point = Point(day: day, e1rm: e1rm, set: set.id, weight: weight, reps: reps)
            if byDay[day].map({ e1rm > $0.e1rm }) ?? true { byDay[day] = point }
            if best.map({ e1rm > $0.e1rm }) ?? true { best = point }
        }
        points = byDay.values.sorted { $0.day < $1.day }
        self.best = best
    }
}
