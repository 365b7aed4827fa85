/// The progress chart of one exercise: one point per local day (seed 002).
///
/// Strength: the heaviest weight among counted sets with at least `minReps` reps. Body-weight:
/// the most reps in a set. Cardio: the longest distance. Timed: the longest duration. Assisted:
/// the least assistance among sets with at least `minReps` reps (less is better). Counted sets
/// are those `PersonalRecords` counts, or for assisted exercises live, done, non-warm-up sets.
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
        let counted = sets.filter { set in
            guard set.exercise == exercise.id else { return false }
            if exercise.kind == .assisted { return set.isLive && set.done && set.setType != .warmup }
            return PersonalRecords.counts(set, for: exercise.kind)
        }.sorted(by: LoggedSet.historyOrder)
        var byDay: [LocalDay: (rank: Int64, point: Point)] = [:]
        for set in counted {
            guard let (rank, value) = Self.measure(set, kind: exercise.kind, minReps: minReps) else { continue }
            let day = set.performed.localDay
            if let current = byDay[day], current.rank >= rank { continue }
            byDay[day] = (rank, Point(day: day, value: value, set: set.id))
        }
        points = byDay.values.map(\.point).sorted { $0.day < $1.day }
    }

    /// A set's chart value and its rank (larger is better), or `nil` when it is not charted.
    static func measure(_ set: LoggedSet, kind: ExerciseKind, minReps: Int) -> (Int64, RecordValue)? {
        switch kind {
        case .strength:
            guard let weight = set.weight, let reps = set.reps, reps >= max(minReps, 1) else { return nil }
            return (weight.kilogramTenThousandths, .mass(weight))
        case .assisted:
            guard let weight = set.weight, let reps = set.reps, reps >= max(minReps, 1) else { return nil }
            return (-weight.kilogramTenThousandths, .mass(weight))
        case .bodyweight:
            guard let reps = set.reps, reps >= 1 else { return nil }
            return (Int64(reps), .reps(reps))
        case .cardio:
            guard let distance = set.distance else { return nil }
            return (distance.metreTenThousandths, .distance(distance))
        case .timed:
            guard let duration = set.durationMilliseconds else { return nil }
            return (duration, .duration(milliseconds: duration))
        }
    }
}
