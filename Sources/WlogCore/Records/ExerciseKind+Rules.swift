/// What each kind of exercise counts toward and how its sets are compared: the one table every
/// projection asks (records, the exercise card, the chart, `prs`, `exercise`), so a kind's rules
/// cannot drift apart between them. Which fields a set of each kind must carry is `SetRules`
/// (what `decide` accepts); what the e1RM stands on is `E1RMBasis`.
///
/// | kind | volume, e1RM | records | the card's PR, `prs`' best | chart: best per day |
/// |---|---|---|---|---|
/// | strength | yes | heaviest, e1RM, rep maxes, set volume | its PR-reps max; heaviest | heaviest weight (≥ min reps) |
/// | body-weight | yes | the same and max reps | its PR-reps max, else max reps; max reps | most reps |
/// | assisted | no | none | none | least assistance (≥ min reps) |
/// | cardio | no | longest distance and duration, best pace | longest distance | longest distance |
/// | timed | no | longest duration | longest duration | longest duration |
extension ExerciseKind {
    /// Whether the kind has records at all (assisted has none: less assistance is progress, not a load).
    public var hasRecords: Bool { self != .assisted }

    /// The record categories tracked, given the rep maxes the lifter follows.
    public func recordKinds(repMaxes: [RecordKind]) -> [RecordKind] {
        switch self {
        case .strength: return [.heaviest, .e1rm] + repMaxes + [.setVolume]
        case .bodyweight: return [.heaviest, .e1rm] + repMaxes + [.setVolume, .maxReps]
        case .assisted: return []
        case .cardio: return [.longestDistance, .longestDuration, .bestPace]
        case .timed: return [.longestDuration]
        }
    }

    /// Whether `set` counts toward the records: a qualifying set for strength-like kinds (live,
    /// done, not a warm-up, not a missed attempt); the same without the strength condition for
    /// cardio and timed; never for assisted.
    public func countsForRecords(_ set: LoggedSet) -> Bool {
        switch self {
        case .strength, .bodyweight: return set.qualifies(for: self)
        case .cardio, .timed: return set.isLive && set.done && set.setType != .warmup && !set.isMissedAttempt
        case .assisted: return false
        }
    }

    /// The record that stands for the exercise on its card: the first of these it has.
    public func headlineRecords(prReps: Int) -> [RecordKind] {
        switch self {
        case .strength: return [.repMax(prReps)]
        case .bodyweight: return [.repMax(prReps), .maxReps]
        case .cardio: return [.longestDistance]
        case .timed: return [.longestDuration]
        case .assisted: return []
        }
    }

    /// The record `prs` shows as the exercise's best.
    public var bestRecord: RecordKind {
        switch self {
        case .strength, .assisted: return .heaviest
        case .bodyweight: return .maxReps
        case .cardio: return .longestDistance
        case .timed: return .longestDuration
        }
    }

    /// What a top set is heaviest in (before its reps): distance for cardio, duration for timed,
    /// else weight in kilograms (ten-thousandths).
    func topSetMeasure(_ set: LoggedSet) -> Int64 {
        switch self {
        case .cardio: return set.distance?.metreTenThousandths ?? 0
        case .timed: return set.durationMilliseconds ?? 0
        default: return set.weight?.kilogramTenThousandths ?? 0
        }
    }

    /// Whether `set` is drawn on the progress chart: what counts for the records, and for assisted
    /// exercises every live, done, non-warm-up set.
    func isCharted(_ set: LoggedSet) -> Bool {
        self == .assisted ? set.isLive && set.done && set.setType != .warmup : countsForRecords(set)
    }

    /// A set's chart value and its rank (larger is better), or nil when it is not charted.
    func chartMeasure(_ set: LoggedSet, minReps: Int) -> (Int64, RecordValue)? {
        switch self {
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

    /// What the chart draws, as its title says it: `heaviest weight per day with at least 5 reps`.
    public func chartTitle(minReps: Int) -> String {
        switch self {
        case .strength: return "heaviest weight per day" + (minReps > 1 ? " with at least \(minReps) reps" : "")
        case .bodyweight: return "most reps per day"
        case .cardio: return "longest distance per day"
        case .timed: return "longest hold per day"
        case .assisted: return "least assistance per day"
        }
    }
}
