/// What is fixed about an event type, declared once beside its payload.
///
/// The catalogue (`EventCatalogue.swift`) hands each type's description to every part that asks:
/// the snapshot's type codes, the records cache's drop rule, `apply`'s choice of fold and the
/// docs test (`EventDescriptionTests` holds docs/EVENTS.md's tables and the encoder's output to
/// `keys`). None of them keeps a list of the types of its own.
struct EventDescription: Sendable {
    /// How `WlogState.apply` folds an event of the type.
    enum Fold: Sendable {
        /// Into the state's own tables: `apply` has a case for the type.
        case state
        /// Kept as it is, in journal order (`WlogState.kept`): the projections that read the type
        /// fold its events when asked, and the snapshot stores them as their canonical lines. Right
        /// for a type a lifter adds a few of a day; a type that a hot read would fold again and again
        /// moves to `.state` with tables of its own.
        case kept
    }

    /// The type's one-byte code in a snapshot. Fixed for ever: a new type takes the next free
    /// number and a code is never reused (`EventDescriptionTests` checks they are distinct).
    let snapshotCode: UInt8
    /// Whether an event of this type may change the records of any exercise, not only those of a
    /// set it names: `apply` then drops every cached entry (`RecordsCache`).
    let changesAnyRecord: Bool
    /// How `apply` folds it.
    let fold: Fold
    /// The payload's keys in canonical order; docs/EVENTS.md's table of the type lists the same.
    let keys: [CodecKey]
    /// A described payload's members as a line has them (key, kind, required), in canonical order;
    /// nil for a payload with a reader and writer of its own. What the tests build random lines
    /// of the type from and hold docs/EVENTS.md's JSON column to.
    let members: [Member]?
    /// Whether the payload is a `RecordedFact` with described members: then `FactForm` offers it
    /// to every way in that takes members by name (`wlog append fact`, `POST /api/v1/facts/{type}`,
    /// the MCP tools `record_…`), with `about` as what it records.
    let isFact: Bool
    /// What an event of the type records, one sentence (a fact's form shows it).
    let about: String

    /// One member of a described payload, without its accessors.
    struct Member: Sendable, Equatable {
        let key: CodecKey
        let kind: PayloadMemberKind
        let isRequired: Bool
    }

    /// A description of a type whose payload has a reader and writer of its own (`LineReader`,
    /// `LineWriter`): `keys` is what they read and write.
    init(snapshotCode: UInt8, changesAnyRecord: Bool = false, fold: Fold = .state, keys: [CodecKey]) {
        self.snapshotCode = snapshotCode
        self.changesAnyRecord = changesAnyRecord
        self.fold = fold
        self.keys = keys
        self.members = nil
        isFact = false
        about = ""
    }

    /// A description of a type whose payload is read and written from its `members`.
    init<Payload: DescribedPayload>(snapshotCode: UInt8, changesAnyRecord: Bool = false, fold: Fold = .state,
                                    payload: Payload.Type, about: String = "") {
        self.snapshotCode = snapshotCode
        self.changesAnyRecord = changesAnyRecord
        self.fold = fold
        keys = Payload.members.map { $0.key }
        members = Payload.members.map { Member(key: $0.key, kind: $0.kind, isRequired: $0.isRequired) }
        isFact = Payload.self is any RecordedFact.Type
        self.about = about
    }
}
