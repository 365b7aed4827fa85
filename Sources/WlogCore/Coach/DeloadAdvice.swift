/// A deload suggestion: plateaus on two or more lifts, or five or more weeks of training since the
/// last lighter week.
public struct DeloadAdvice: Sendable, Hashable {
    /// Why a deload is suggested.
    public enum Reason: Sendable, Hashable {
        /// The names of the lifts that plateaued.
        case plateaus([String])
        /// Complete weeks since the last lighter week (or since training began), and that week.
        case weeksSinceLighterWeek(Int, lighterWeek: LocalDay?)
    }

    public var reasons: [Reason]

    /// A week is lighter when its tonnage is at most this share of the mean of up to 4 weeks before it.
    public static let lighterShare = 0.7
    /// Complete weeks without a lighter one that call for a deload.
    public static let weeksWithoutDeload = 5

    /// Complete ISO weeks since the last lighter week, counted over `weeklyTonnage`, the tonnage of
    /// every complete week from the first week with training to last week (oldest first; weeks
    /// without training are 0). Returns the count and the start of the last lighter week.
    public static func weeksSinceLighterWeek(_ weeklyTonnage: [(start: LocalDay, tonnage: Int64)]) -> (Int, LocalDay?) {
        var lastLighter: Int?
        for i in weeklyTonnage.indices where i > 0 {
            let before = weeklyTonnage[max(0, i - 4)..<i].map(\.tonnage)
            let mean = Double(before.reduce(0, +)) / Double(before.count)
            if Double(weeklyTonnage[i].tonnage) <= lighterShare * mean { lastLighter = i }
        }
        if let lastLighter { return (weeklyTonnage.count - 1 - lastLighter, weeklyTonnage[lastLighter].start) }
        return (weeklyTonnage.count, nil)
    }

    /// The reasons as a lifter reads them, then the advice.
    public var message: String {
        var parts: [String] = []
        for reason in reasons {
            switch reason {
            case .plateaus(let names):
                parts.append("plateaus on " + names.joined(separator: ", "))
            case .weeksSinceLighterWeek(let weeks, let week):
                parts.append("\(weeks) weeks of training since " + (week.map { "the lighter week of " + $0.isoWeekText } ?? "you started")
                    + " without a lighter one")
            }
        }
        return parts.joined(separator: "; ") + " → take a deload week: halve the sets and take 10 % off the load"
    }
}
