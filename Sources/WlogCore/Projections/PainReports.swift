/// Where it hurts as last reported (`pain.reported`), with how often of late.
public struct PainSpot: Sendable, Hashable {
    /// The location as the lifter last wrote it (`Left knee`); reports are grouped ignoring case.
    public var location: String
    public var pain: Rating
    /// When the lifter last felt it (the event's occurred-at).
    public var at: ZonedInstant
    public var note: String?
    /// Reports of this location in the window, the last included.
    public var reports: Int
}

extension WlogState {
    /// How long a pain report counts: two weeks, the span over which a pain that keeps coming back
    /// is a red flag rather than a bad day.
    public static let painLasts: Int64 = 14 * 86_400_000

    /// Each location's latest pain report of the 14 days up to `now`, worst first (then by
    /// location), with the number of reports of it in those days. Locations are one when equal
    /// ignoring case and surrounding spaces. Latest = felt last (occurred-at); of two felt at the
    /// same instant, the later change (`SetChange.Stamp`), whatever order they arrived in.
    public func painSpots(now: Instant) -> [PainSpot] {
        var latest: [String: (felt: Int64, stamp: SetChange.Stamp, spot: PainSpot)] = [:]
        var counts: [String: Int] = [:]
        let since = now.millisecondsSince1970 - Self.painLasts
        for event in kept.ofType(.painReported) {
            guard case .painReported(let report) = event.payload else { continue }
            let felt = event.envelope.occurred.instant.millisecondsSince1970
            guard felt >= since, felt <= now.millisecondsSince1970 else { continue }
            let key = report.location.trimmingWhitespace().lowercased()
            counts[key, default: 0] += 1
            let stamp = SetChange.Stamp(event)
            if let held = latest[key], (felt, stamp) < (held.felt, held.stamp) { continue }
            latest[key] = (felt, stamp, PainSpot(location: report.location.trimmingWhitespace(), pain: report.pain,
                                                  at: event.envelope.occurred, note: report.note, reports: 0))
        }
        return latest.map { key, held in
            var spot = held.spot
            spot.reports = counts[key] ?? 1
            return spot
        }.sorted { ($0.pain.value, $1.location.lowercased()) > ($1.pain.value, $0.location.lowercased()) }
    }
}
