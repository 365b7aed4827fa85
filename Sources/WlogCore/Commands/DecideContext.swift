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
    /// Whether the lifter confirmed implausible values (`--force`; `Plausibility`).
    public var confirmsImplausible = false

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
        var generator = generator
        let source = IDSource(fixed: fixedIDs) { EventID.random(using: &generator) }
        self.init(now: now, offsetMinutes: offsetMinutes, actor: actor, nextID: source.next)
    }

    /// Makes a context that hands out `fixedIDs` first, then the journal-scoped ids of `ids`
    /// (what `wlog` does: see `JournalIDs`).
    public init(now: Instant, offsetMinutes: Int = 0, actor: String = "user", fixedIDs: [EventID] = [], ids: JournalIDs) {
        var ids = ids
        let source = IDSource(fixed: fixedIDs) { ids.next() }
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

/// Fixed ids first, then fresh ones (a class so the closure can advance it).
///
/// After fixed ids (`--id K`) the rest of the commit is not fresh but derived from the first
/// fixed id and the event's index (`DecideContext.derivedID`): `append set squat 100x5x3 --id K`
/// run twice makes the same three ids, so the retry appends nothing.
private final class IDSource {
    private var fixed: [EventID]
    private let fresh: () -> EventID
    private let key: EventID?
    private var index = 0

    init(fixed: [EventID], fresh: @escaping () -> EventID) {
        self.fixed = fixed.reversed()
        self.fresh = fresh
        key = fixed.first
    }

    func next() -> EventID {
        index += 1
        if let id = fixed.popLast() { return id }
        guard let key else { return fresh() }
        return DecideContext.derivedID(key, index: index - 1)
    }
}

extension DecideContext {
    /// The id of the event at `index` (1, 2 …) of a commit whose first event has the caller's id
    /// `key`: the FNV-1a 128 (`StableHasher`) of `wlog-retry:<key hex>:<index>`.
    public static func derivedID(_ key: EventID, index: Int) -> EventID {
        var hasher = StableHasher()
        hasher.feed("wlog-retry:\(key.hex):\(index)".utf8)
        return hasher.id
    }
}

extension DecideContext {
    /// The ids `wlog` mints for new events: a per-journal, per-device key and a counter, so that
    /// LZ4 finds the repeats (random ids do not compress: LZ4 has no entropy coder).
    ///
    /// With `K` the FNV-1a 128 (`StableHasher`) of `"wlog-event-ids:" + journal id + ":" + device`
    /// and `c` the counter (64 bits), the id is
    /// ```
    /// high = K.high ^ (reverseNibbles(c mod 2³²) << 32 | c >> 32)
    /// low  = K.low
    /// ```
    /// - The counter starts after the journal's last sequence, so it is the sequence the event
    ///   gets (or lower, when fixed ids come first): an id is never minted twice in one journal,
    ///   and `isTaken` (the replayed state) skips any id the journal already holds.
    /// - Copies of one journal written on two devices mint from different keys, so merging them
    ///   later loses nothing; other journals have other keys.
    /// - The counter's last hex digits come first (nibbles reversed), so the 8-digit short form
    ///   and 4-digit prefixes tell recent events apart as well as random ids do; the 24 digits
    ///   after them are the same for every event of the journal on this device.
    /// - `--id` (hashed) and imported ids are not made here and keep their form.
    public struct JournalIDs {
        /// The 128 bits every id of this journal and device is XOR-ed with.
        public let key: EventID
        /// The counter of the last id handed out.
        public private(set) var counter: UInt64
        private let isTaken: (EventID) -> Bool

        /// Ids for `journalID` on `device`, counting from `lastSeq + 1`, skipping those `isTaken` reports.
        public init(journalID: String, device: String, after lastSeq: UInt64, isTaken: @escaping (EventID) -> Bool = { _ in false }) {
            key = Self.key(journalID: journalID, device: device)
            counter = lastSeq
            self.isTaken = isTaken
        }

        /// The key of a journal on a device.
        public static func key(journalID: String, device: String) -> EventID {
            var hasher = StableHasher()
            hasher.feed("wlog-event-ids:\(journalID):\(device)".utf8)
            return hasher.id
        }

        /// The id with counter `counter` under `key`.
        public static func id(key: EventID, counter: UInt64) -> EventID {
            var low32 = counter & 0xFFFF_FFFF, reversed: UInt64 = 0
            for _ in 0..<8 {
                reversed = reversed << 4 | low32 & 0xF
                low32 >>= 4
            }
            return EventID(high: key.high ^ (reversed << 32 | counter >> 32), low: key.low)
        }

        /// The next id not taken.
        public mutating func next() -> EventID {
            while true {
                counter += 1
                let id = Self.id(key: key, counter: counter)
                if !isTaken(id) { return id }
            }
        }
    }
}
