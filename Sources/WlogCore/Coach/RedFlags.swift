/// Red flags within the last 14 days: two or more pain reports, three or more sessions with
/// mobility at 2 or less, or three or more sessions with a low effort rating (seed 001's "multiple
/// low effort ratings").
public struct RedFlags: Sendable, Hashable {
    /// The readiness check-ins that reported pain, oldest first.
    public var painReports: [ReadinessEntry]
    /// The local days with a mobility rating ≤ 2 (pre-workout or readiness), oldest first.
    public var lowMobilityDays: [LocalDay]
    /// The local days with a done working set rated effort ≤ 2 of 5, oldest first.
    public var lowEffortDays: [LocalDay] = []

    /// The window, in days back from now.
    public static let windowDays = 14
    public static let painReportsThreshold = 2
    public static let lowMobilitySessionsThreshold = 3
    public static let lowMobility = 2
    public static let lowEffortSessionsThreshold = 3
    public static let lowEffort = 2

    /// Pain reports reached the threshold.
    public var painFlag: Bool { painReports.count >= Self.painReportsThreshold }
    /// Low-mobility sessions reached the threshold.
    public var mobilityFlag: Bool { lowMobilityDays.count >= Self.lowMobilitySessionsThreshold }
    /// Low-effort sessions reached the threshold.
    public var effortFlag: Bool { lowEffortDays.count >= Self.lowEffortSessionsThreshold }

    /// The messages of the flags that are raised.
    public var messages: [String] {
        var out: [String] = []
        if painFlag {
            let notes = painReports.map { $0.at.localDay.iso + ($0.readiness.note.map { " (" + $0 + ")" } ?? "") }
            out.append("\(painReports.count) pain reports in \(Self.windowDays) days: " + notes.joined(separator: ", ")
                + " → ease off what hurts and consider seeing a professional")
        }
        if mobilityFlag {
            out.append("\(lowMobilityDays.count) sessions with mobility ≤ \(Self.lowMobility) in \(Self.windowDays) days: "
                + lowMobilityDays.map(\.iso).joined(separator: ", ") + " → warm up longer, go lighter, add mobility work")
        }
        if effortFlag {
            out.append("\(lowEffortDays.count) sessions with sets rated effort ≤ \(Self.lowEffort) of 5 in \(Self.windowDays) days: "
                + lowEffortDays.map(\.iso).joined(separator: ", ")
                + " → check sleep, soreness and pain before pushing on; a lighter week may be due")
        }
        return out
    }
}

extension WlogState {
    /// The red flags at `context.now`: check-ins and workouts in the 14 days up to now.
    public func redFlags(context: QueryContext) -> RedFlags {
        let from = context.now.adding(days: -RedFlags.windowDays)
        func inWindow(_ at: ZonedInstant) -> Bool { at.instant >= from && at.instant <= context.now }
        let checks = readiness.filter { inWindow($0.at) }
        let pain = checks.filter(\.readiness.pain).sorted { ($0.at.instant, $0.id) < ($1.at.instant, $1.id) }
        var days: Set<LocalDay> = []
        for check in checks {
            if let m = check.readiness.mobility, Int(m.value) <= RedFlags.lowMobility { days.insert(check.at.localDay) }
        }
        for workout in workouts.values where !workout.isDiscarded && inWindow(workout.started) {
            if let m = workout.mobility, Int(m.value) <= RedFlags.lowMobility { days.insert(workout.started.localDay) }
        }
        var lowEffort: Set<LocalDay> = []
        for set in liveSets where set.done && set.setType != .warmup && inWindow(set.performed) {
            if let effort = set.effort, Int(effort.value) <= RedFlags.lowEffort { lowEffort.insert(set.performed.localDay) }
        }
        return RedFlags(painReports: pain, lowMobilityDays: days.sorted(), lowEffortDays: lowEffort.sorted())
    }
}
