import WlogCore

/// A generator's events kept in memory in order, numbered as a journal would number them: what
/// tests fold or serve without a journal file.
public final class GeneratedEvents: GeneratedEventSink {
    public private(set) var events: [Event] = []

    public init() {}

    public func add(_ event: Event) {
        var numbered = event
        numbered.envelope.seq = UInt64(events.count + 1)
        events.append(numbered)
    }

    public func commit() {}
}
