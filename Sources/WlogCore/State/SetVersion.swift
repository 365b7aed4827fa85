/// One version of a set for the audit: the set as an event left it, and who wrote that event.
public struct SetVersion: Sendable, Hashable {
    /// The set after the event (`isDeleted` set by a `set.deleted`).
    public var set: LoggedSet
    /// The sequence number of the event that made this version.
    public var seq: UInt64
    /// The id of that event.
    public var eventID: EventID
    /// Who appended it.
    public var actor: String
    /// When it was appended.
    public var recorded: Instant
    /// `set.logged`, `set.edited` or `set.deleted`.
    public var type: EventType

    /// Makes a version.
    public init(set: LoggedSet, seq: UInt64, eventID: EventID, actor: String, recorded: Instant, type: EventType) {
        self.set = set
        self.seq = seq
        self.eventID = eventID
        self.actor = actor
        self.recorded = recorded
        self.type = type
    }

    /// The version `event` makes of `set`.
    init(_ set: LoggedSet, by event: Event) {
        self.init(set: set, seq: event.seq, eventID: event.id, actor: event.envelope.actor,
                  recorded: event.envelope.recorded, type: event.type)
    }
}
