/// What the caller of `JournalWriter.append` already knows: the ids of events `1…through`.
///
/// A caller that has read the journal (a command validating against its state, rebuilt from a
/// snapshot and the tail) knows every committed id; handing that knowledge to the writer lets it
/// open without decompressing the sealed chunks (`JournalOptions.SealedCheck.trailers`) and still
/// skip duplicates of sealed events. The writer indexes the ids after `through` itself.
public struct KnownEvents {
    /// The last sequence the caller has read: `contains` answers for every event `1…through`.
    public var through: UInt64
    /// Whether one of events `1…through` has this id (its UTF-8 bytes, as in the line).
    public var contains: (_ id: UnsafeRawBufferPointer) -> Bool

    /// Knowledge of events `1…through`, answered by `contains`.
    public init(through: UInt64, contains: @escaping (_ id: UnsafeRawBufferPointer) -> Bool) {
        self.through = through
        self.contains = contains
    }
}
