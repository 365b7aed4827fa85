/// How a set measures in each record category.
struct RecordMeasure {
    /// The exercise's kind.
    var kind: ExerciseKind
    /// The e1RM formula.
    var formula: E1RMFormula
    /// Sets above this many reps get no e1RM.
    var maxReps: Int

    /// A set's value in a category, with its ordering.
    struct Value {
        /// The value shown.
        var value: RecordValue
        /// Larger is better (kg 1e-4, reps, metres 1e-4, ms); for pace see `pace`.
        var rank: Int64
        /// For pace: duration (ms) and distance (metres 1e-4); smaller ratio is better.
        var pace: (milliseconds: Int64, metreTenThousandths: Int64)?

        /// Whether this value strictly beats `other` (a tie does not).
        func isBetter(than other: Value) -> Bool {
            if let mine = pace, let theirs = other.pace {
                // mine.ms / mine.m < theirs.ms / theirs.m, exactly
                let left = mine.milliseconds.multipliedFullWidth(by: theirs.metreTenThousandths)
                let right = theirs.milliseconds.multipliedFullWidth(by: mine.metreTenThousandths)
                return (left.high, left.low) < (right.high, right.low)
            }
            return rank > other.rank
        }
    }

    /// The load a set counts with: its weight, or for body-weight exercises its added load
    /// (none logged = 0).
    func load(of set: LoggedSet) -> Mass? { load(set.weight) }

    /// The load a weight counts as (`load(of:)`).
    @inline(__always)
    func load(_ weight: Mass?) -> Mass? {
        if let weight { return weight }
        return kind == .bodyweight ? .zero(.kg) : nil
    }

    /// The load a weight counts as when it is above zero: the value of the heaviest and
    /// rep-max categories.
    @inline(__always)
    func positiveLoad(_ weight: Mass?) -> Mass? {
        guard let load = load(weight), load.tenThousandths > 0 else { return nil }
        return load
    }

    /// The set's value in `category`, or `nil` when it has none there.
    func value(of set: RecordCandidate, for category: RecordKind) -> Value? {
        switch category {
        case .heaviest:
            guard let load = positiveLoad(set.weight), (set.reps ?? 0) >= 1 else { return nil }
            return mass(load)
        case .repMax(let target):
            guard let load = positiveLoad(set.weight), let reps = set.reps, reps >= target else { return nil }
            return mass(load)
        case .e1rm:
            guard let load = positiveLoad(set.weight), let reps = set.reps,
                  let estimate = formula.estimate(weight: load, reps: reps, rpe: set.rpe, maxReps: maxReps)
            else { return nil }
            return mass(estimate)
        case .setVolume:
            guard let load = positiveLoad(set.weight), let reps = set.reps, reps >= 1 else { return nil }
            let (product, overflow) = load.tenThousandths.multipliedReportingOverflow(by: Int64(reps))
            guard !overflow else { return nil }
            return mass(Mass(tenThousandths: product, unit: load.unit))
        case .maxReps:
            guard let reps = set.reps, reps >= 1 else { return nil }
            return Value(value: .reps(reps), rank: Int64(reps))
        case .longestDistance:
            guard let distance = set.distance, distance.metreTenThousandths > 0 else { return nil }
            return Value(value: .distance(distance), rank: distance.metreTenThousandths)
        case .longestDuration:
            guard let duration = set.durationMilliseconds, duration > 0 else { return nil }
            return Value(value: .duration(milliseconds: duration), rank: duration)
        case .bestPace:
            guard let distance = set.distance, distance.metreTenThousandths > 0,
                  let duration = set.durationMilliseconds, duration > 0 else { return nil }
            let metres = distance.metreTenThousandths
            // A journal written by other means may hold any duration: no pace rather than an overflow.
            let (scaled, overflow) = duration.multipliedReportingOverflow(by: 10_000_000)
            guard !overflow, scaled <= Int64.max - metres / 2 else { return nil }
            let perKilometre = (scaled + metres / 2) / metres
            return Value(
                value: .pace(millisecondsPerKilometre: perKilometre), rank: 0, pace: (duration, metres))
        }
    }

    /// A mass value ranked by kilograms.
    private func mass(_ mass: Mass) -> Value { Value(value: .mass(mass), rank: mass.kilogramTenThousandths) }
}
