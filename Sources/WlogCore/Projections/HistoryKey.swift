/// Where a set stands in history, the same on every replica that holds its events (docs/SYNC.md,
/// "Order"): performed-at, then when its `set.logged` event was recorded, then its id.
///
/// The journal's `seq` is not part of it: two replicas number the same events differently. Sets
/// performed at one instant thus keep the order they were logged in (a session back-dated with
/// `--at 18:00` set by set), and only sets logged in one command (`100x5x3`: identical sets) or
/// on two devices in the same millisecond fall back to their ids.
public struct HistoryKey: Sendable, Hashable, Comparable {
    /// Performed-at, milliseconds since 1970.
    public var performed: Int64
    /// When the set's `set.logged` event was appended at its origin, milliseconds since 1970.
    public var recorded: Int64
    /// The set's id.
    public var id: EventID

    public static func < (a: HistoryKey, b: HistoryKey) -> Bool {
        if a.performed != b.performed { return a.performed < b.performed }
        if a.recorded != b.recorded { return a.recorded < b.recorded }
        return a.id < b.id
    }
}
