/// What `decide` needs besides the command and the state: the clock, the place, who, and ids.
///
/// The id source is a closure so that callers may fix ids (`--id` for safe retries, tests) or
/// draw them from any random number generator.
public struct DecideContext {
    /// The current time.
    public var now: Instant
    /// The UTC offset in force now, in minutes (used for occurred-at when the command gives none).
    public var offsetMinutes: Int
    /// Who appends: `user`, `import:strong`, a device name.
    public var actor: String
    /// Returns a fresh event id on every call.
    public var nextID: () -> EventID

    /// Makes a context with an explicit id source.
    public init(now: Instant, offsetMinutes: Int = 0, actor: String = "user", nextID: @escaping () -> EventID) {
        self.now = now
        self.offsetMinutes = offsetMinutes
        self.actor = actor
        self.nextID = nextID
    }

    /// Makes a context that hands out `fixedIDs` first, then ids drawn from `generator`.
    public init<G: RandomNumberGenerator>(
        now: Instant, offsetMinutes: Int = 0, actor: String = "user", fixedIDs: [EventID] = [], generator: G
    ) {
        let source = IDSource(fixed: fixedIDs, generator: generator)
        self.init(now: now, offsetMinutes: offsetMinutes, actor: actor, nextID: source.next)
    }

    /// Makes a context that hands out `fixedIDs` first, then system-random ids.
    public init(now: Instant, offsetMinutes: Int = 0, actor: String = "user", fixedIDs: [EventID] = []) {
        self.init(now: now, offsetMinutes: offsetMinutes, actor: actor, fixedIDs: fixedIDs,
                  generator: SystemRandomNumberGenerator())
    }

    /// Now, with the context's offset.
    public var zonedNow: ZonedInstant { ZonedInstant(now, offsetMinutes: offsetMinutes) }

    /// An envelope for an event that happened at `occurred` (default: now), not yet appended.
    func envelope(occurred: ZonedInstant? = nil) -> Envelope {
        Envelope(id: nextID(), occurred: occurred ?? zonedNow, recorded: now, actor: actor)
    }

    /// An event with a fresh id.
    func event(_ payload: EventPayload, occurred: ZonedInstant? = nil) -> Event {
        Event(envelope: envelope(occurred: occurred), payload: payload)
    }
}

/// Fixed ids first, then random ones (a class so the closure can advance it).
private final class IDSource<G: RandomNumberGenerator> {
    private var fixed: [EventID]
    private var generator: G

    init(fixed: [EventID], generator: G) {
        self.fixed = fixed.reversed()
        self.generator = generator
    }

    func next() -> EventID {
        if let id = fixed.popLast() { return id }
        return EventID.random(using: &generator)
    }
}
