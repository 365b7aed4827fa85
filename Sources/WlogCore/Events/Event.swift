/// One fact in the journal: an envelope and a typed payload.
///
/// Events are never rewritten or removed; corrections are new events. The canonical line codec
/// (`EventCodec`) turns an event into exactly one line of JSON and back.
@PublicInit
public struct Event: Sendable, Hashable {
    /// Sequence, id, schema version, times and actor.
    public var envelope: Envelope
    /// What happened.
    public var payload: EventPayload

    /// The stable type string, e.g. `set.logged`.
    public var type: EventType { payload.type }
    /// Shorthand for `envelope.id`.
    public var id: EventID { envelope.id }
    /// Shorthand for `envelope.seq`.
    public var seq: UInt64 { envelope.seq }
}

/// The envelope every event carries.
@PublicInit
public struct Envelope: Sendable, Hashable {
    /// Global sequence number: 1, 2, 3 … without gaps; 0 while not yet appended.
    public var seq: UInt64 = 0
    /// The event's 128-bit id; appending an id already in the journal is a no-op.
    public var id: EventID
    /// Payload schema version (the newest is `EventCodec.currentVersion`).
    public var version: Int = 1
    /// When it happened, with the UTC offset in force there (a set logged afterwards is earlier).
    public var occurred: ZonedInstant
    /// When it was appended.
    public var recorded: Instant
    /// Who appended it: `user`, `import:strong`, a device name.
    public var actor: String = "user"
}
