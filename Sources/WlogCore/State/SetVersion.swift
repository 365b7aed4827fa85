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
}

extension SetVersion {
    /// The version `event` makes of `set`.
    init(_ set: LoggedSet, by event: Event) {
        self.init(set: set, seq: event.seq, eventID: event.id, actor: event.envelope.actor,
                  recorded: event.envelope.recorded, type: event.type)
    }
}
