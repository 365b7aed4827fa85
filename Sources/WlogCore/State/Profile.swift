/// The lifter's profile as the journal last said it (every field optional until set).
public struct Profile: Sendable, Hashable {
    public var name: String?
    public var unit: MassUnit?
    /// IANA zone or `±HH:MM`.
    public var timeZone: String?
    public var sex: Sex?
    public var birthYear: Int?
    public var heightCentimetres: Int?
    public var experience: Experience?
    public var goal: TrainingGoal?
    public var daysPerWeek: Int?
    public var restTimerSeconds: Int?

    /// An empty profile.
    public init() {}

    /// Overwrites the fields present in `update`; the body-weight goal is kept by the state.
    mutating func apply(_ update: ProfileUpdated) {
        if let v = update.name { name = v }
        if let v = update.unit { unit = v }
        if let v = update.timeZone { timeZone = v }
        if let v = update.sex { sex = v }
        if let v = update.birthYear { birthYear = v }
        if let v = update.heightCentimetres { heightCentimetres = v }
        if let v = update.experience { experience = v }
        if let v = update.goal { goal = v }
        if let v = update.daysPerWeek { daysPerWeek = v }
        if let v = update.restTimerSeconds { restTimerSeconds = v }
    }
}
