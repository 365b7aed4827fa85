/// The measured value of a record: a mass, a rep count, a distance, a duration or a pace.
public enum RecordValue: Sendable, Hashable {
    /// A weight: rep maxes, heaviest, e1RM, set volume (in the record set's unit).
    case mass(Mass)
    /// A rep count.
    case reps(Int)
    /// A distance, in the unit it was logged in.
    case distance(Distance)
    /// A duration in milliseconds.
    case duration(milliseconds: Int64)
    /// A pace: milliseconds per kilometre, rounded to the millisecond.
    case pace(millisecondsPerKilometre: Int64)
}

/// One personal record of an exercise: its value and the set that first reached it.
public struct PersonalRecord: Sendable, Hashable {
    /// The category.
    public var kind: RecordKind
    /// The best value in the category.
    public var value: RecordValue
    /// The record set's reps, when it has any.
    public var reps: Int?
    /// The record set's weight, when it has any (for e1RM and set volume: the weight lifted).
    public var weight: Mass?
    /// The id of the set that first reached the value.
    public var set: EventID
    /// When that set was performed.
    public var performed: ZonedInstant

    /// The window in which a record counts as NEW: 7 days.
    public static let newWindowMilliseconds: Int64 = 7 * 86_400_000

    /// Whether the record set was performed within 7 days before `now` (NEW, seed 002).
    ///
    /// A set at most 7 × 24 h old is NEW; a set after `now` (logged ahead, up to a day) is too.
    public func isNew(now: Instant) -> Bool {
        now.millisecondsSince1970 - performed.instant.millisecondsSince1970 <= Self.newWindowMilliseconds
    }
}
