/// A muscle group's soreness as last reported (`soreness.recorded`).
public struct SoreMuscle: Sendable, Hashable {
    public var group: MuscleGroup
    public var soreness: Rating
    /// When the lifter felt it (the event's occurred-at).
    public var at: ZonedInstant
    public var note: String?
}

extension WlogState {
    /// How long a report of soreness counts: delayed-onset soreness peaks one to three days after
    /// the training that caused it, so a report older than three days says nothing of today.
    public static let sorenessLasts: Int64 = 72 * 3_600_000

    /// Each muscle group's latest soreness report of the three days up to `now`, sorest first
    /// (then by group). Latest = the report felt last (occurred-at); of two felt at the same
    /// instant, the later change (`SetChange.Stamp`: recorded-at, then id), whatever order they
    /// arrived in. A report of 1 (not sore) stands until a later one, so it is listed too.
    public func soreMuscles(now: Instant) -> [SoreMuscle] {
        var latest: [MuscleGroup: (felt: Int64, stamp: SetChange.Stamp, muscle: SoreMuscle)] = [:]
        let since = now.millisecondsSince1970 - Self.sorenessLasts
        for event in kept.ofType(.sorenessRecorded) {
            guard case .sorenessRecorded(let report) = event.payload, let group = MuscleGroup(rawValue: report.group) else { continue }
            let felt = event.envelope.occurred.instant.millisecondsSince1970
            let stamp = SetChange.Stamp(event)
            if let held = latest[group], (felt, stamp) < (held.felt, held.stamp) { continue }
            latest[group] = (felt, stamp, SoreMuscle(group: group, soreness: report.soreness, at: event.envelope.occurred, note: report.note))
        }
        return latest.values.filter { $0.felt >= since }.map(\.muscle)
            .sorted { ($0.soreness.value, $1.group) > ($1.soreness.value, $0.group) }
    }
}
