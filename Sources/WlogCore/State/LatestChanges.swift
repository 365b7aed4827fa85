/// Concurrent changes of the values other than sets (docs/SYNC.md, "Concurrent edits"): each
/// value — a setting, a profile field, the body-weight goal, a field of a body-weight entry or of
/// an exercise, an equipment item, a routine — takes the latest change that sets it, whatever order
/// a replica received the changes in. A change that arrives after a later one of the same value
/// changes nothing.
///
/// "Latest" is by recorded-at; in one millisecond, by writer (an id's low 64 bits, which every id
/// one journal file mints shares: docs/EVENTS.md); and one writer's changes in one millisecond (a
/// script's fixed `--now`, one command) in the order it wrote them, which every replica keeps (a
/// sync moves a journal's events in its order). The same on every replica, and a command always
/// overrides the one before it on the same device.
///
/// Keyed by the value's name (`settings.unit`, `bodyweight.<entry id>.weight`, `routine.<id>`);
/// these events are rare (no set event passes here), so a dictionary of strings is cheap.
struct LatestChanges: Sendable, Equatable {
    /// The stamp of the change each value has.
    private(set) var stamps: [String: SetChange.Stamp] = [:]

    init(stamps: [String: SetChange.Stamp] = [:]) { self.stamps = stamps }

    /// Whether the change stamped `stamp` of `key` is the latest so far: then it is noted and the
    /// caller applies it; false when a later change of the value was applied already.
    mutating func take(_ key: String, _ stamp: SetChange.Stamp) -> Bool {
        if let held = stamps[key], (stamp.recorded, stamp.id.low) < (held.recorded, held.id.low) { return false }
        stamps[key] = stamp
        return true
    }
}
