/// Seed 001's recovery indicator: the lifter's latest readiness check-in of the last 24 hours,
/// read for sleep and soreness (each 1–5), suggests a rest day or a lighter session.
///
/// Sleep ≤ 2 is poor sleep, soreness ≥ 4 is high soreness (the two ends of the 1–5 scale the
/// check-in asks for, docs/COACH.md). Both together → a rest day; one of them → a lighter
/// session; neither, or no check-in within 24 hours → nothing.
public struct RecoveryAdvice: Sendable, Hashable {
    public enum Advice: String, Sendable, Hashable { case restDay = "rest day", lighterSession = "lighter session" }

    /// The check-in read.
    public var checkIn: ReadinessEntry
    public var advice: Advice

    /// How far back a check-in counts.
    public static let windowHours = 24
    public static let poorSleep = 2
    public static let highSoreness = 4

    /// The advice for `checkIn`, or nil when its sleep and soreness are fine (or not given).
    public init?(_ checkIn: ReadinessEntry) {
        let poorSleep = checkIn.readiness.sleep.map { Int($0.value) <= Self.poorSleep } ?? false
        let sore = checkIn.readiness.soreness.map { Int($0.value) >= Self.highSoreness } ?? false
        guard poorSleep || sore else { return nil }
        self.checkIn = checkIn
        advice = poorSleep && sore ? .restDay : .lighterSession
    }

    /// The suggestion, with the ratings behind it.
    public var message: String {
        var ratings: [String] = []
        if let sleep = checkIn.readiness.sleep { ratings.append("sleep \(sleep.value)/5") }
        if let soreness = checkIn.readiness.soreness { ratings.append("soreness \(soreness.value)/5") }
        let fix = advice == .restDay
            ? "take a rest day (light walking or mobility only)"
            : "train lighter today: fewer hard sets, stop 2–3 reps short of failure"
        return ratings.joined(separator: ", ") + " at the check-in of " + checkIn.at.localDay.iso + " → " + fix
    }
}

extension WlogState {
    /// The recovery advice at `context.now`: from the latest check-in of the last 24 hours.
    public func recoveryAdvice(context: QueryContext) -> RecoveryAdvice? {
        let from = context.now.adding(milliseconds: -Int64(RecoveryAdvice.windowHours) * 3_600_000)
        let latest = readiness.filter { $0.at.instant >= from && $0.at.instant <= context.now }
            .max { ($0.at.instant, $0.id) < ($1.at.instant, $1.id) }
        return latest.flatMap(RecoveryAdvice.init)
    }
}
