/// Display and computation settings, with the defaults of domain.md.
public struct Settings: Sendable, Hashable {
    /// Display unit; `nil` = the profile's, else kilograms.
    public var unit: MassUnit?
    /// IANA zone or `±HH:MM` for local days.
    public var timeZone: String?
    /// Rest timer default in seconds.
    public var restTimerSeconds: Int?
    /// The e1RM formula name (`epley` by default).
    public var e1rmFormula: String = "epley"
    /// The rep maxes tracked as PRs.
    public var prReps: [Int] = [1, 3, 5, 8, 10]
    /// Sets above this many reps get no e1RM.
    public var e1rmMaxReps: Int = 12

    /// The defaults.
    public init() {}

    /// The e1RM formula every projection uses: `e1rmFormula` as `E1RMFormula(parsing:)` reads it
    /// (an exact raw value first: no lower-casing on every fold), Epley when it names none.
    public var chosenE1RMFormula: E1RMFormula {
        E1RMFormula(rawValue: e1rmFormula) ?? E1RMFormula(parsing: e1rmFormula) ?? .epley
    }

    /// Overwrites the fields present in `change`, each unless a later change set it already
    /// (`LatestChanges`: concurrent changes from two devices resolve the same everywhere).
    mutating func apply(_ change: SettingsChanged, stamp: SetChange.Stamp, latest: inout LatestChanges) {
        if let v = change.unit, latest.take("settings.unit", stamp) { unit = v }
        if let v = change.timeZone, latest.take("settings.timeZone", stamp) { timeZone = v }
        if let v = change.restTimerSeconds, latest.take("settings.restTimerSeconds", stamp) { restTimerSeconds = v }
        if let v = change.e1rmFormula, latest.take("settings.e1rmFormula", stamp) { e1rmFormula = v }
        if let v = change.prReps, latest.take("settings.prReps", stamp) { prReps = v }
        if let v = change.e1rmMaxReps, latest.take("settings.e1rmMaxReps", stamp) { e1rmMaxReps = v }
    }
}
