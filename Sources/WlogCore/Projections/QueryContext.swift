/// What every query needs besides the state: the current time, the place, the display unit.
@PublicInit
public struct QueryContext: Sendable, Hashable {
    /// "Now" for today, this week and rolling windows (overridable: tests, `--now`, `--as-of`).
    public var now: Instant
    /// The UTC offset of the lifter's zone now, in minutes: decides today and this week.
    public var offsetMinutes: Int = 0
    /// The unit masses are shown in.
    public var unit: MassUnit = .kg

    /// Today's local day.
    public var today: LocalDay { now.localDay(offsetMinutes: offsetMinutes) }

    /// A kilogram amount in ten-thousandths shown in the display unit.
    public func mass(kilogramTenThousandths value: Int64) -> Mass {
        Mass(tenThousandths: value, unit: .kg).converted(to: unit)
    }
}
