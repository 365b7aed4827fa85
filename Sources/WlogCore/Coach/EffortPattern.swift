/// Seed 001's effort-rating pattern analysis and effort-vs-performance correlation, from the
/// per-set effort ratings (1–5) of done working sets (docs/COACH.md).
public struct EffortPattern: Sendable, Hashable {
    /// One 7-day window (ending `end`): how many rated sets, and their mean effort.
    public struct Week: Sendable, Hashable {
        public var end: LocalDay
        public var ratedSets: Int
        public var meanEffort: Double?
    }

    /// One session of a strength lift, for the correlation: its mean effort and how its best
    /// e1RM compares with the lift's best before it, in percent.
    public struct Session: Sendable, Hashable {
        public var exercise: String
        public var day: LocalDay
        public var meanEffort: Double
        public var e1rmChangePercent: Double
    }

    /// The last 8 windows of 7 days, oldest first, the last ending today.
    public var weeks: [Week]
    /// Mean effort of the last 4 windows minus that of the 4 before (nil without ratings in either).
    public var trend: Double?
    /// The sessions of the last 12 weeks the correlation reads.
    public var sessions: [Session]
    /// Pearson's r between mean effort and e1RM change (nil under 5 sessions or without variation).
    public var correlation: Double?

    public static let weekCount = 8
    public static let correlationDays = 84
    public static let minimumSessions = 5

    /// The reading of `correlation` in words, with its numbers.
    public var reading: String? {
        guard let r = correlation else { return nil }
        let shown = "r = " + String((r * 100).rounded() / 100) + ", \(sessions.count) sessions"
        if r >= 0.3 { return "harder-rated sessions went with better e1RMs (\(shown))" }
        if r <= -0.3 { return "harder-rated sessions went with worse e1RMs: the rating may be telling fatigue (\(shown))" }
        return "effort ratings and e1RMs are not clearly related (\(shown))"
    }

    /// Pearson's correlation coefficient of the pairs; nil for fewer than two or no variation.
    static func pearson(_ pairs: [(Double, Double)]) -> Double? {
        guard pairs.count >= 2 else { return nil }
        let n = Double(pairs.count)
        let mx = pairs.map(\.0).reduce(0, +) / n, my = pairs.map(\.1).reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (x, y) in pairs {
            sxy += (x - mx) * (y - my)
            sxx += (x - mx) * (x - mx)
            syy += (y - my) * (y - my)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }
}

extension WlogState {
    /// The effort pattern at `context.now`.
    public func effortPattern(context: QueryContext) -> EffortPattern {
        let today = context.today
        let rated = liveSets.filter { $0.done && $0.setType != .warmup && $0.effort != nil && $0.performed.localDay <= today }
        func mean(_ sets: [LoggedSet]) -> Double? {
            sets.isEmpty ? nil : sets.map { Double($0.effort?.value ?? 0) }.reduce(0, +) / Double(sets.count)
        }
        let weeks = (0..<EffortPattern.weekCount).reversed().map { back -> EffortPattern.Week in
            let end = today.advanced(by: -7 * back), start = end.advanced(by: -6)
            let inWeek = rated.filter { $0.performed.localDay >= start && $0.performed.localDay <= end }
            return EffortPattern.Week(end: end, ratedSets: inWeek.count, meanEffort: mean(inWeek))
        }
        let split = today.advanced(by: -27), first = today.advanced(by: -55)
        let recent = mean(rated.filter { $0.performed.localDay >= split })
        let earlier = mean(rated.filter { $0.performed.localDay < split && $0.performed.localDay >= first })
        let trend = recent.flatMap { r in earlier.map { r - $0 } }
        let formula = settings.chosenE1RMFormula
        var sessions: [EffortPattern.Session] = []
        let from = today.advanced(by: -(EffortPattern.correlationDays - 1))
        for id in Set(rated.map(\.exercise)).sorted() {
            guard let exercise = exercise(id), exercise.kind == .strength else { continue }
            var best: Mass?
            for exposure in Exposure.of(exercise, sets: liveSets.filter { $0.exercise == id }, through: today,
                                                formula: formula, maxReps: settings.e1rmMaxReps) {
                guard let e1rm = exposure.bestE1RM else { continue }
                defer { if best.map({ e1rm > $0 }) ?? true { best = e1rm } }
                let efforts = exposure.sets.compactMap(\.effort)
                guard exposure.day >= from, !efforts.isEmpty, let previous = best, previous.kilograms > 0 else { continue }
                sessions.append(.init(exercise: id, day: exposure.day,
                                      meanEffort: Double(efforts.map { Int($0.value) }.reduce(0, +)) / Double(efforts.count),
                                      e1rmChangePercent: (e1rm.kilograms / previous.kilograms - 1) * 100))
            }
        }
        sessions.sort { ($0.day, $0.exercise) < ($1.day, $1.exercise) }
        let correlation = sessions.count >= EffortPattern.minimumSessions
            ? EffortPattern.pearson(sessions.map { ($0.meanEffort, $0.e1rmChangePercent) }) : nil
        return EffortPattern(weeks: weeks, trend: trend, sessions: sessions, correlation: correlation)
    }
}
