/// A point in the journal to read history "as of".
///
/// `.sequence(n)` keeps the events with seq ≤ n. `.instant(t)` keeps the events *recorded* at or
/// before t — "what did the journal say at that moment" — not the ones that *happened* before t:
/// a set logged late appears only from when it was appended, and an edit made after t is not
/// applied. To see history that happened before a day, filter the query by date instead.
public enum AsOf: Sendable, Hashable {
    case sequence(UInt64)
    case instant(Instant)
}

extension WlogState {
    /// Folds events (in journal order) from `start` (the initial state), up to a point if given.
    ///
    /// For `.sequence` the fold stops at the first event past it; for `.instant` every event is
    /// tested, so a clock that stepped back while appending cannot hide later-recorded events.
    @inlinable
    public static func replay(_ events: some Sequence<Event>, upTo asOf: AsOf? = nil, from start: WlogState = .initial) -> WlogState {
        var state = start
        state.replay(events, upTo: asOf)
        return state
    }

    /// Folds more events into this state, up to a point if given.
    @inlinable
    public mutating func replay(_ events: some Sequence<Event>, upTo asOf: AsOf? = nil) {
        reserve(events.underestimatedCount)
        switch asOf {
        case nil:
            for event in events { apply(event) }
        case .sequence(let last)?:
            for event in events {
                if event.seq > last { break }
                apply(event)
            }
        case .instant(let moment)?:
            for event in events where event.envelope.recorded <= moment { apply(event) }
        }
    }

    /// Makes room for `count` more events (a hint: arrays and tables grow once, not many times).
    public mutating func reserve(_ count: Int) {
        guard count > 0 else { return }
        eventIndex.reserve(eventIndex.count + count)
    }
}
