/// `bodyweight.recorded`: a body-weight entry. Its id is the event id; its time is occurred-at.
@PublicInit
public struct BodyweightRecorded: Sendable, Hashable {
    public var weight: Mass
    public var notes: String?
}

/// `bodyweight.edited`: a correction of an entry; only the fields present change.
@PublicInit
public struct BodyweightEdited: Sendable, Hashable {
    public var entry: EventID
    public var weight: Mass?
    public var at: ZonedInstant?
    public var notes: String?
}

/// `bodyweight.deleted`: an entry leaves every projection.
@PublicInit
public struct BodyweightDeleted: Sendable, Hashable {
    public var entry: EventID
}

/// `goal.set`: the body-weight goal; `nil` clears it.
public struct GoalSet: Sendable, Hashable {
    public var weight: Mass?

    public init(weight: Mass?) { self.weight = weight }
}

/// `readiness.recorded`: how the lifter feels (seed 001), each rating 1–5.
@PublicInit
public struct ReadinessRecorded: Sendable, Hashable {
    public var mobility: Rating?
    public var soreness: Rating?
    public var sleep: Rating?
    public var energy: Rating?
    /// Whether something hurts.
    public var pain: Bool = false
    public var note: String?
}

/// `soreness.recorded`: how sore one muscle group is (delayed-onset soreness, the day or two
/// after training it), 1 (not sore) to 5 (very sore).
@PublicInit
public struct SorenessRecorded: Sendable, Hashable {
    /// The muscle group's name as `MuscleGroup` writes it (`Legs`).
    public var group: String
    public var soreness: Rating
    public var note: String?
}

/// `pain.reported`: where something hurts and how much (seed 001's pain reports, which its red-flag
/// system counts), from 1 (a twinge) to 5 (stop training).
@PublicInit
public struct PainReported: Sendable, Hashable {
    /// Where it hurts, as the lifter says it (`left knee`).
    public var location: String
    public var pain: Rating
    public var note: String?
}

extension BodyweightRecorded {
    static let described = EventDescription(snapshotCode: 20, keys: [.weight, .unit, .notes])
}

extension BodyweightEdited {
    static let described = EventDescription(snapshotCode: 21, keys: [.entry, .weight, .unit, .measured, .measuredTz, .notes])
}

extension BodyweightDeleted: DescribedPayload {
    init() { self.init(entry: EventID(high: 0, low: 0)) }
    static let members: [PayloadMember<Self>] = [
        .required(.entry, { $0.entry }, { $0.entry = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 22, payload: Self.self)
}

extension GoalSet {
    static let described = EventDescription(snapshotCode: 23, keys: [.weight, .unit])
}

extension ReadinessRecorded: DescribedPayload {
    init() { self.init(mobility: nil) }
    static let members: [PayloadMember<Self>] = [
        .optional(.mobility, { $0.mobility }, { $0.mobility = $1 }),
        .optional(.soreness, { $0.soreness }, { $0.soreness = $1 }),
        .optional(.sleep, { $0.sleep }, { $0.sleep = $1 }),
        .optional(.energy, { $0.energy }, { $0.energy = $1 }),
        .flag(.pain, { $0.pain }, { $0.pain = $1 }),
        .optional(.note, { $0.note }, { $0.note = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 24, fold: .kept, payload: Self.self)
}

extension SorenessRecorded: DescribedPayload {
    init() { self.init(group: "", soreness: Rating.lowest) }
    static let members: [PayloadMember<Self>] = [
        .required(.group, { $0.group }, { $0.group = $1 }),
        .required(.soreness, { $0.soreness }, { $0.soreness = $1 }),
        .optional(.note, { $0.note }, { $0.note = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 26, fold: .kept, payload: Self.self,
                                            about: "How sore one muscle group is, 1 (not sore) to 5 (very sore), felt now.")
}

extension PainReported: DescribedPayload {
    init() { self.init(location: "", pain: Rating.lowest) }
    static let members: [PayloadMember<Self>] = [
        .required(.location, { $0.location }, { $0.location = $1 }),
        .required(.pain, { $0.pain }, { $0.pain = $1 }),
        .optional(.note, { $0.note }, { $0.note = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 28, fold: .kept, payload: Self.self,
                                            about: "Where something hurts and how much, 1 (a twinge) to 5 (stop training), felt now.")
}
