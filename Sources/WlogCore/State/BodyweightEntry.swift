/// A body-weight entry as its events left it.
public struct BodyweightEntry: Sendable, Hashable {
    /// The id of its `bodyweight.recorded` event.
    public var id: EventID
    /// The sequence number of `bodyweight.recorded` (tie-break for entries at the same instant).
    public var seq: UInt64
    /// When it was weighed.
    public var at: ZonedInstant
    public var weight: Mass
    public var notes: String?
    /// Whether a `bodyweight.deleted` removed it.
    public var isDeleted = false

    /// Orders entries by time, then by id: the same on every replica (docs/SYNC.md; `seq` is
    /// this journal's own numbering).
    public static func byDate(_ a: BodyweightEntry, _ b: BodyweightEntry) -> Bool {
        a.at.instant != b.at.instant ? a.at.instant < b.at.instant : a.id < b.id
    }
}
