/// `workout start`: a session, optionally from a routine day (its planned exercises are copied in).
public struct StartWorkout: Sendable, Hashable {
    public var name: String?
    /// Routine id or name.
    public var routine: String?
    /// 1-based routine day; nil with a routine = its first day.
    public var day: Int?
    /// Pre-workout mobility 1–5 as typed.
    public var mobility: Int?
    public var notes: String?
    /// When it started; nil = now.
    public var at: ZonedInstant?
    /// Whether it may start while another session started within 12 hours is open. The CLI
    /// refuses that (its sets join "the workout in progress"); the API allows it, as its sets
    /// always name their workout (docs/SERVER.md, "Resources").
    public var allowsOtherOpen = false

    public init(name: String? = nil, routine: String? = nil, day: Int? = nil, mobility: Int? = nil,
                notes: String? = nil, at: ZonedInstant? = nil) {
        self.name = name
        self.routine = routine
        self.day = day
        self.mobility = mobility
        self.notes = notes
        self.at = at
    }
}

/// `workout finish`: ends a session.
@PublicInit
public struct FinishWorkout: Sendable, Hashable {
    /// The workout; nil = the one in progress (the latest started).
    public var workout: EventID?
    public var notes: String?
    /// Soreness 1–5 as typed.
    public var soreness: Int?
    /// Session RPE 1–10 in half steps as typed.
    public var sessionRPE: Double?
    /// When it finished; nil = now.
    public var at: ZonedInstant?
}

/// `readiness`: how the lifter feels, ratings 1–5 as typed.
@PublicInit
public struct RecordReadiness: Sendable, Hashable {
    public var mobility: Int?
    public var soreness: Int?
    public var sleep: Int?
    public var energy: Int?
    public var pain: Bool = false
    public var note: String?
    public var at: ZonedInstant?
}
