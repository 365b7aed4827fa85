/// Seed 001's progressive-overload tracking for one strength exercise: the progression jumps
/// (sessions whose heaviest working set beat every earlier session's) with the days between
/// them, and the volume of the last four weeks against the four before, split into sets, weight
/// and reps (docs/COACH.md).
public struct ProgressionTrend: Sendable, Hashable {
    /// A session whose heaviest working set was heavier than any before it.
    public struct Jump: Sendable, Hashable {
        public var day: LocalDay
        public var load: Mass
        /// The heaviest before it.
        public var previous: Mass
        /// Days since the previous jump (nil for the first jump).
        public var daysSincePrevious: Int?
    }

    /// Working sets of one period: how many, their mean load (kg) and reps, and their volume.
    public struct Period: Sendable, Hashable {
        public var sets: Int
        public var meanKilograms: Double
        public var meanReps: Double
        public var volumeKilograms: Double
    }

    public var jumps: [Jump]
    /// The mean of the days between consecutive jumps (nil with fewer than two jumps).
    public var meanDaysBetweenJumps: Double?
    /// Days from the last jump (or, without one, the first session) to today.
    public var daysSinceLastJump: Int?
    /// The last 28 days (today included) and the 28 before them.
    public var recent: Period
    public var before: Period

    /// The window of each volume period, in days.
    public static let periodDays = 28

    /// `recent ÷ before` of each factor, nil when the earlier period has no sets.
    public var ratios: (sets: Double, weight: Double, reps: Double, volume: Double)? {
        guard before.sets > 0, before.meanKilograms > 0, before.meanReps > 0, before.volumeKilograms > 0 else { return nil }
        return (Double(recent.sets) / Double(before.sets), recent.meanKilograms / before.meanKilograms,
                recent.meanReps / before.meanReps, recent.volumeKilograms / before.volumeKilograms)
    }

    /// The trend from `exposures` (oldest first, `Exposure.of`) up to `today`.
    public init(exposures: [Exposure], today: LocalDay) {
        var jumps: [Jump] = []
        var best: Mass?
        for exposure in exposures {
            guard let top = exposure.sets.compactMap(\.weight).max() else { continue }
            if let previous = best, top > previous {
                jumps.append(Jump(day: exposure.day, load: top, previous: previous,
                                  daysSincePrevious: jumps.last.map { $0.day.distance(to: exposure.day) }))
            }
            if best.map({ top > $0 }) ?? true { best = top }
        }
        self.jumps = jumps
        let gaps = jumps.compactMap(\.daysSincePrevious)
        meanDaysBetweenJumps = gaps.isEmpty ? nil : Double(gaps.reduce(0, +)) / Double(gaps.count)
        daysSinceLastJump = (jumps.last?.day ?? exposures.first?.day).map { $0.distance(to: today) }
        let recentStart = today.advanced(by: -(Self.periodDays - 1)), beforeStart = recentStart.advanced(by: -Self.periodDays)
        let all = exposures.flatMap(\.sets)
        recent = Self.period(all.filter { $0.performed.localDay >= recentStart && $0.performed.localDay <= today })
        before = Self.period(all.filter { $0.performed.localDay >= beforeStart && $0.performed.localDay < recentStart })
    }

    static func period(_ sets: [LoggedSet]) -> Period {
        let loaded = sets.compactMap { set in set.weight.flatMap { w in set.reps.map { (w.kilograms, Double($0)) } } }
        guard !loaded.isEmpty else { return Period(sets: 0, meanKilograms: 0, meanReps: 0, volumeKilograms: 0) }
        let n = Double(loaded.count)
        return Period(sets: loaded.count, meanKilograms: loaded.map(\.0).reduce(0, +) / n, meanReps: loaded.map(\.1).reduce(0, +) / n,
                      volumeKilograms: loaded.map { $0.0 * $0.1 }.reduce(0, +))
    }
}

extension WlogState {
    /// The progression trend of `exercise` at `context.now` (the journal's e1RM settings pick the exposures).
    public func progressionTrend(_ exercise: Exercise, context: QueryContext) -> ProgressionTrend {
        let exposures = Exposure.of(exercise, sets: liveSets.filter { $0.exercise == exercise.id }, through: context.today)
        return ProgressionTrend(exposures: exposures, today: context.today)
    }
}
