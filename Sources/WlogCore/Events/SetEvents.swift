/// `set.logged`: a set was performed. The set's id is the event's id; performed-at is the
/// envelope's occurred-at.
public struct SetLogged: SetMeasured, Sendable, Hashable {
    /// Exercise id (slug).
    public var exercise: String
    /// The workout it belongs to; `nil` = the implicit workout of its local day.
    public var workout: EventID?
    /// The entry of the workout it was logged into (the id of its `workout.exercise.added`) when
    /// the exercise is in the workout more than once; `nil` = the exercise's first entry.
    public var entry: EventID?
    /// Reps, load, distance, duration, RPE and effort (`set.reps` … read them as its own).
    public var measures: SetMeasures
    /// Working, warm-up, drop, failure, AMRAP.
    public var setType: SetType
    /// Whether the set was done (default true).
    public var done: Bool
    /// Free text.
    public var notes: String?
    /// For imports: the source row's original text, kept for audit.
    public var source: String?

    /// Makes a logged set.
    public init(
        exercise: String, workout: EventID? = nil, reps: Int? = nil, weight: Mass? = nil,
        distance: Distance? = nil, durationMilliseconds: Int64? = nil, rpe: RPE? = nil,
        effort: Rating? = nil, setType: SetType = .working, done: Bool = true, notes: String? = nil,
        source: String? = nil, entry: EventID? = nil
    ) {
        self.exercise = exercise
        self.workout = workout
        self.entry = entry
        measures = SetMeasures(reps: reps, weight: weight, distance: distance, durationMilliseconds: durationMilliseconds,
                               rpe: rpe, effort: effort)
        self.setType = setType
        self.done = done
        self.notes = notes
        self.source = source
    }
}

/// `set.edited`: a correction of a logged set. Only the fields present change.
///
/// Clearing an optional field (the API's `"rpe": null`) is written as that key with `null` in
/// its place (`cleared`), as a JSON merge patch is (RFC 7396); `notes: ""` clears the notes too.
public struct SetEdited: SetMeasured, Sendable, Hashable {
    /// The id of the set (its `set.logged` event).
    public var set: EventID
    public var exercise: String?
    public var workout: EventID?
    /// New performed-at.
    public var performed: ZonedInstant?
    /// The new measures (`edit.reps` …): each one given replaces the set's, nil leaves it.
    public var measures: SetMeasures
    public var setType: SetType?
    public var done: Bool?
    public var notes: String?
    /// The optional fields this edit clears (their values above are then nil).
    public var cleared: Cleared

    /// Makes an edit of `set`.
    public init(
        set: EventID, exercise: String? = nil, workout: EventID? = nil, performed: ZonedInstant? = nil,
        reps: Int? = nil, weight: Mass? = nil, distance: Distance? = nil, durationMilliseconds: Int64? = nil,
        rpe: RPE? = nil, effort: Rating? = nil, setType: SetType? = nil, done: Bool? = nil, notes: String? = nil,
        cleared: Cleared = []
    ) {
        self.set = set
        self.exercise = exercise
        self.workout = workout
        self.performed = performed
        measures = SetMeasures(reps: reps, weight: weight, distance: distance, durationMilliseconds: durationMilliseconds,
                               rpe: rpe, effort: effort)
        self.setType = setType
        self.done = done
        self.notes = notes
        self.cleared = cleared
    }

    /// The optional measurements of a set an edit can clear.
    public struct Cleared: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let reps = Cleared(rawValue: 1), weight = Cleared(rawValue: 2), distance = Cleared(rawValue: 4)
        public static let duration = Cleared(rawValue: 8), rpe = Cleared(rawValue: 16), effort = Cleared(rawValue: 32)
        public static let notes = Cleared(rawValue: 64)

        /// The field a line's key clears (`weight`, `duration_ms` …), or none.
        init(key: CodecKey) {
            switch key {
            case .reps: self = .reps
            case .weight: self = .weight
            case .distance: self = .distance
            case .durationMs: self = .duration
            case .rpe: self = .rpe
            case .effort: self = .effort
            case .notes: self = .notes
            default: self = []
            }
        }
    }
}

/// `set.deleted`: a set leaves every projection (it stays in the audit).
@PublicInit
public struct SetDeleted: Sendable, Hashable {
    /// The id of the set.
    public var set: EventID
    /// Why, if the lifter said.
    public var reason: String?
}

extension SetLogged {
    /// `set.logged`: read by `LineReader.setLogged` and, canonical, by the fast path
    /// (`canonicalSetLogged`); its sets' records are dropped one exercise at a time.
    static let described = EventDescription(
        snapshotCode: 15,
        keys: [.exercise, .workout, .entry, .reps, .weight, .unit, .distance, .distanceUnit, .durationMs, .rpe, .effort, .setType,
               .done, .notes, .source])
}

extension SetEdited {
    static let described = EventDescription(
        snapshotCode: 16,
        keys: [.set, .exercise, .workout, .performed, .performedTz, .reps, .weight, .unit, .distance, .distanceUnit,
               .durationMs, .rpe, .effort, .setType, .done, .notes])
}

extension SetDeleted: DescribedPayload {
    init() { self.init(set: EventID(high: 0, low: 0)) }
    static let members: [PayloadMember<Self>] = [
        .required(.set, { $0.set }, { $0.set = $1 }),
        .optional(.reason, { $0.reason }, { $0.reason = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 17, payload: Self.self)
}

/// `set.rested`: the rest the lifter actually took after a set, until the next one began.
///
/// A later `set.rested` of the same set replaces the rest (the latest by recorded-at, then id,
/// as every concurrent change); a deleted set's rest is not shown.
@PublicInit
public struct SetRested: Sendable, Hashable {
    /// The set rested after (its `set.logged` id).
    public var set: EventID
    /// How long, in milliseconds.
    public var durationMilliseconds: Int64
}

extension SetRested: DescribedPayload {
    init() { self.init(set: EventID(high: 0, low: 0), durationMilliseconds: 0) }
    static let members: [PayloadMember<Self>] = [
        .required(.set, { $0.set }, { $0.set = $1 }),
        .required(.durationMs, { $0.durationMilliseconds }, { $0.durationMilliseconds = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 25, fold: .kept, payload: Self.self,
                                            about: "The rest actually taken after a set.")
}
