/// The replica-independent order of events — their stamp: recorded-at, then event id
/// (`SetChange.Stamp`, docs/SYNC.md) — and how far the journal's tail already follows it, so that
/// the latest events by stamp (`wlog audit` without an id) are read from the tail instead of the
/// whole journal.
///
/// `orderedFrom` is the first sequence of the longest tail of the journal in which no event was
/// recorded before any event ahead of it in the journal. Events this replica appends keep the
/// tail growing (its clock moves forward); a merge of events recorded earlier elsewhere (a sync
/// pulling another device's events) starts a new tail after them.
package struct StampOrder: Sendable, Equatable {
    /// The latest recorded-at applied (ms since 1970).
    var latest: Int64 = .min
    /// The first sequence of the ordered tail.
    package internal(set) var orderedFrom: UInt64 = 1

    init() {}

    init(latest: Int64, orderedFrom: UInt64) {
        self.latest = latest
        self.orderedFrom = orderedFrom
    }

    /// Notes the event applied at `seq` (one comparison: this is on the replay path).
    @inline(__always)
    mutating func note(seq: UInt64, recorded: Int64) {
        if recorded >= latest { latest = recorded } else { orderedFrom = seq + 1 }
    }

    /// The latest `limit` events by stamp, oldest first, of a journal whose last sequence is
    /// `lastSeq`; `read(after)` gives its events after a sequence. Reads twice `limit` events of the
    /// ordered tail when they decide it — they hold an event recorded before every one chosen, and
    /// no unread event was recorded after it — and the whole journal otherwise.
    package func latest<E: Error>(_ limit: Int, lastSeq: UInt64, read: (UInt64) throws(E) -> [Event]) throws(E) -> [Event] {
        guard limit > 0 else { return [] }
        let window = UInt64(clamping: limit).multipliedReportingOverflow(by: 2)
        let after = window.overflow || window.partialValue >= lastSeq ? 0 : max(orderedFrom - 1, lastSeq - window.partialValue)
        let events = Self.sorted(try read(after))
        let chosen = events.suffix(limit)
        if after == 0 { return Array(chosen) }
        if let oldest = events.first, let first = chosen.first, oldest.envelope.recorded < first.envelope.recorded {
            return Array(chosen)
        }
        return Array(Self.sorted(try read(0)).suffix(limit))
    }

    /// `events` in stamp order (recorded-at, then id), `first` (the event that made what they are
    /// about, e.g. a set's `set.logged`) before the rest, as a set's versions are listed.
    package static func sorted(_ events: [Event], first: EventID? = nil) -> [Event] {
        events.sorted { a, b in
            if a.id == first || b.id == first { return a.id == first && b.id != first }
            return SetChange.Stamp(a) < SetChange.Stamp(b)
        }
    }
}
