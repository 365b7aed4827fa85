/// The body-weight screen (seed 000): entries with their 7-day average, start, current, change,
/// goal, distance to goal and whether the trend is toward the goal. Masses in the display unit.
public struct BodyweightStats: Sendable, Hashable {
    /// Entries by date (ties by sequence), each with its 7-day moving average.
    public var entries: [BodyweightPoint]
    /// The first entry by date.
    public var starting: BodyweightEntry?
    /// The latest entry by date.
    public var current: BodyweightEntry?
    /// current − starting.
    public var change: Mass?
    public var goal: Mass?
    /// goal − current: negative when there is weight to lose.
    public var toGoal: Mass?
    /// How the 7-day average moved over the last 28 days (see `BodyweightTrend`).
    public var trend: BodyweightTrend
}

/// One entry with the mean of the entries of its local day and the six days before, up to it.
public struct BodyweightPoint: Sendable, Hashable {
    public var entry: BodyweightEntry
    public var day: LocalDay
    /// Mean of the entries in the 7 local days ending on this entry's day, this entry included
    /// and later entries of the same day excluded, in the display unit.
    public var average7: Mass
}

/// Whether body weight is moving toward the goal.
///
/// The change is the 7-day average of the latest entry minus that of the earliest entry within
/// the last 28 local days (today included). With fewer than two entries in that window there is
/// no trend. Toward the goal when the change has the sign of goal − current, or when current is
/// at the goal and the change is 0.
public enum BodyweightTrend: Sendable, Hashable {
    case notEnoughData
    /// A trend without a goal to compare it with.
    case noGoal(change: Mass)
    case towardGoal(change: Mass)
    case awayFromGoal(change: Mass)

    /// Whether the trend is toward the goal (false when unknown).
    public var isTowardGoal: Bool { if case .towardGoal = self { return true } else { return false } }
}

extension WlogState {
    /// Body-weight statistics as of `context.now`.
    public func bodyweightStats(context: QueryContext) -> BodyweightStats {
        let entries = bodyweightEntries
        var points: [BodyweightPoint] = []
        var averages: [Int64] = []
        var windowStart = 0
        var windowSum: Int64 = 0
        for (i, entry) in entries.enumerated() {
            let day = entry.at.localDay
            windowSum += entry.weight.kilogramTenThousandths
            while entries[windowStart].at.localDay.distance(to: day) >= 7 {
                windowSum -= entries[windowStart].weight.kilogramTenThousandths
                windowStart += 1
            }
            let average = roundedDivision(windowSum, Int64(i - windowStart + 1))
            averages.append(average)
            points.append(BodyweightPoint(entry: entry, day: day, average7: context.mass(kilogramTenThousandths: average)))
        }
        let starting = entries.first, current = entries.last
        let show = { (kg: Int64) in context.mass(kilogramTenThousandths: kg) }
        var stats = BodyweightStats(
            entries: points, starting: starting, current: current,
            change: current.flatMap { c in starting.map { show(c.weight.kilogramTenThousandths - $0.weight.kilogramTenThousandths) } },
            goal: goal.map { $0.converted(to: context.unit) },
            toGoal: goal.flatMap { g in current.map { show(g.kilogramTenThousandths - $0.weight.kilogramTenThousandths) } },
            trend: .notEnoughData)
        let firstDay = context.today.advanced(by: -27)
        let window = entries.indices.filter { (firstDay...context.today).contains(entries[$0].at.localDay) }
        if let first = window.first, let last = window.last, first != last, let current {
            let change = averages[last] - averages[first]
            let shown = show(change)
            if let goal {
                let needed = goal.kilogramTenThousandths - current.weight.kilogramTenThousandths
                let toward = (needed > 0 && change > 0) || (needed < 0 && change < 0) || (needed == 0 && change == 0)
                stats.trend = toward ? .towardGoal(change: shown) : .awayFromGoal(change: shown)
            } else {
                stats.trend = .noGoal(change: shown)
            }
        }
        return stats
    }
}

/// a / b rounded half away from zero (b > 0).
func roundedDivision(_ a: Int64, _ b: Int64) -> Int64 {
    assert(b > 0)
    return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b)
}
