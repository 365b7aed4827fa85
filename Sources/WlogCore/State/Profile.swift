/// The lifter's profile as the journal last said it (every field optional until set).
@PublicInit
public struct Profile: Sendable, Hashable {
    public var name: String?
    public var unit: MassUnit?
    /// IANA zone or `±HH:MM`.
    public var timeZone: String?
    public var sex: Sex?
    public var birthYear: Int?
    /// Height in centimetres.
    public var heightCentimetres: Int?
    public var experience: Experience?
    public var goal: TrainingGoal?
    public var daysPerWeek: Int?
    public var restTimerSeconds: Int?
    /// Raw or single-ply: the IPF GL / IPF points coefficients (`LifterScores`); nil reads as raw.
    public var equipment: PowerliftingScore.Equipment?

    /// Overwrites the fields present in `update`, each unless a later update set it already
    /// (`LatestChanges`); the body-weight goal is kept by the state.
    mutating func apply(_ update: ProfileUpdated, stamp: SetChange.Stamp, latest: inout LatestChanges) {
        func take(_ field: String) -> Bool { latest.take("profile." + field, stamp) }
        if let v = update.name, take("name") { name = v }
        if let v = update.unit, take("unit") { unit = v }
        if let v = update.timeZone, take("timeZone") { timeZone = v }
        if let v = update.sex, take("sex") { sex = v }
        if let v = update.birthYear, take("birthYear") { birthYear = v }
        if let v = update.heightCentimetres, take("heightCentimetres") { heightCentimetres = v }
        if let v = update.experience, take("experience") { experience = v }
        if let v = update.goal, take("goal") { goal = v }
        if let v = update.daysPerWeek, take("daysPerWeek") { daysPerWeek = v }
        if let v = update.restTimerSeconds, take("restTimerSeconds") { restTimerSeconds = v }
        if let v = update.equipment, take("equipment") { equipment = v }
    }
}
