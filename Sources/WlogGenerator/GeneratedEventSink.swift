import WlogCore

/// Where a generator hands its events: one at a time, in journal order, with a `commit()` after
/// each day (or setup step) — the points where `wlog-generate` commits to the journal.
///
/// The events come without a sequence number; the sink gives each the next one (generated ids
/// never repeat, so every event lands).
public protocol GeneratedEventSink: AnyObject {
    /// Adds one event to the current commit.
    func add(_ event: Event) throws
    /// Ends the current commit.
    func commit() throws
}
