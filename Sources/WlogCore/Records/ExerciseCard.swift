/// The summary shown on an exercise's row and page (seed 000): last set, last session's top set,
/// the PR for the default PR reps, and the previous performance used to pre-fill a workout.
///
/// A pure function of the exercise's sets, `now` and the lifter's UTC offset (which decides
/// "today"). Sets count when live and done; the top set and previous performance skip warm-ups.
public struct ExerciseCard: Sendable, Hashable {
    /// The latest live, done set, including today's.
    public var lastSet: LoggedSet?
    /// The top set of the latest local day before today: the heaviest (cardio: longest distance,
    /// timed: longest duration); ties go to more reps, then the later set.
    public var lastSessionTopSet: LoggedSet?
    /// The record for the default PR reps (rmN for N = the exercise's PR reps; body-weight
    /// exercises without added load: max reps; cardio: longest distance; timed: longest duration).
    public var pr: PersonalRecord?
    /// The working sets of the latest session before today (a workout, or the implicit workout of
    /// a local day), in history order.
    public var previousPerformance: [LoggedSet]
    /// The exercise's kind, for describing its sets.
    public var kind: ExerciseKind

    /// Builds the card of `exercise` from its sets (any order).
    public init(
        exercise: Exercise, sets: [LoggedSet], now: Instant, offsetMinutes: Int,
        records: PersonalRecords? = nil
    ) {
        kind = exercise.kind
        let live = sets.filter { $0.exercise == exercise.id && $0.isLive && $0.done }
            .sorted(by: LoggedSet.historyOrder)
        lastSet = live.last
        let today = now.localDay(offsetMinutes: offsetMinutes)
        let working = live.filter { $0.setType != .warmup && $0.performed.localDay < today }
        if let lastDay = working.last?.performed.localDay {
            // A missed attempt (reps 0) is no top set: 140 kg × 0 did not beat 100 kg × 5.
            let daySets = working.filter { $0.performed.localDay == lastDay && !$0.isMissedAttempt }
            lastSessionTopSet = daySets.reduce(nil) { best, set in
                guard let best else { return set }
                return Self.topSetOrder(best, set, kind: exercise.kind) ? set : best
            }
        } else {
            lastSessionTopSet = nil
        }
        if let latest = working.last {
            let session = Self.sessionKey(latest)
            previousPerformance = working.filter { Self.sessionKey($0) == session }
        } else {
            previousPerformance = []
        }
        let allRecords = records ?? PersonalRecords(exercise: exercise, sets: sets)
        pr = exercise.kind.headlineRecords(prReps: exercise.prReps).lazy.compactMap(allRecords.record).first
    }

    /// The previous performance as a lifter reads it: `80 kg × 8, 8, 7`, `100 kg × 5, 90 kg × 8`,
    /// `BW × 12, 10`, `BW + 10 kg × 8`, `5 km in 25:00`, `1:00, 0:45 with 20 kg`; empty when there
    /// is none. Loads are in the units they were entered in.
    public var previousPerformanceText: String { Self.describe(previousPerformance, kind: kind) }

    /// The previous performance with every load in `unit` (one unit in one line: a set logged in
    /// lb reads in kg for a kg lifter).
    public func previousPerformanceText(in unit: MassUnit) -> String { Self.describe(previousPerformance, kind: kind, unit: unit) }

    /// Whether `candidate` beats `current` as a top set: heavier (longer), then more reps, then later.
    static func topSetOrder(_ current: LoggedSet, _ candidate: LoggedSet, kind: ExerciseKind) -> Bool {
        let (a, b) = (kind.topSetMeasure(current), kind.topSetMeasure(candidate))
        if a != b { return b > a }
        let (ra, rb) = (current.reps ?? 0, candidate.reps ?? 0)
        if ra != rb { return rb > ra }
        return LoggedSet.historyOrder(current, candidate)
    }

    /// The session a set belongs to: its workout, or the implicit workout of its local day.
    static func sessionKey(_ set: LoggedSet) -> String {
        set.workout.map { "w:" + $0.hex } ?? "d:" + set.performed.localDay.iso
    }

    /// `80 kg × 8, 8, 7`: runs of the same load share one weight.
    static func describe(_ sets: [LoggedSet], kind: ExerciseKind, unit: MassUnit? = nil) -> String {
        var parts: [String] = []
        var lastLoad: String?
        for set in sets {
            if let distance = set.distance {
                let time = set.durationMilliseconds.map { " in " + DurationText.clock($0) } ?? ""
                parts.append(distance.formatted() + time)
                lastLoad = nil
            } else if set.reps == nil || kind == .timed, let duration = set.durationMilliseconds {
                let added = set.weight.flatMap { $0.tenThousandths > 0 ? " with " + $0.formatted(in: unit) : nil } ?? ""
                parts.append(DurationText.clock(duration) + added)
                lastLoad = nil
            } else if let reps = set.reps {
                let load = loadText(set, kind: kind, unit: unit)
                if load == lastLoad {
                    parts.append(String(reps))
                } else {
                    parts.append(load + " × " + String(reps))
                    lastLoad = load
                }
            }
        }
        return parts.joined(separator: ", ")
    }

    /// `80 kg`; `BW` or `BW + 10 kg` for a body-weight set (the spelling of every screen).
    private static func loadText(_ set: LoggedSet, kind: ExerciseKind, unit: MassUnit?) -> String {
        guard let weight = set.weight, weight.tenThousandths != 0 else { return "BW" }
        return kind == .bodyweight ? "BW + " + weight.formatted(in: unit) : weight.formatted(in: unit)
    }
}
