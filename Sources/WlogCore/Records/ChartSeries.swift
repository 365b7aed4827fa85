/// The progress chart of one exercise: one point per local day (seed 002).
///
/// Each day's best by the exercise kind's rule (`ExerciseKind.chartMeasure`, `isCharted`):
/// strength the heaviest weight among sets with at least `minReps` reps, body-weight the most
/// reps, cardio the longest distance, timed the longest duration, assisted the least assistance.
public struct ChartSeries: Sendable, Hashable {
    /// One day's value and the set that reached it first.
    public struct Point: Sendable, Hashable {
        /// The set's local day.
        public var day: LocalDay
        /// The day's value.
        public var value: RecordValue
        /// The set that reached it (the earliest on ties).
        public var set: EventID
    }

    /// The points, oldest day first.
    public var points: [Point]

    /// Builds the series of `exercise` from its sets (any order).
    public init(exercise: Exercise, sets: [LoggedSet], minReps: Int = 1) {
        let counted = sets.filter { $0.exercise == exercise.id && exercise.kind.isCharted($0) }.sorted(by: LoggedSet.historyOrder)
        var byDay: [LocalDay: (rank: Int64, point: Point)] = [:]
        for set in counted {
            guard let (rank, value) = exercise.kind.chartMeasure(set, minReps: minReps) else { continue }
            let day = set.performed.localDay
            if let current = byDay[day], current.rank >= rank { continue }
            byDay[day] = (rank, Point(day: day, value: value, set: set.id))
        }
        points = byDay.values.map(\.point).sorted { $0.day < $1.day }
    }
}
