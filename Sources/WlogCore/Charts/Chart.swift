/// A time series to draw: one value per local day, its unit and an optional goal line.
@PublicInit
public struct Chart: Sendable, Hashable {
    /// One point of the series.
    @PublicInit
    public struct Point: Sendable, Hashable {
        public var day: LocalDay
        /// The value in `unit`, rounded to 2 decimals.
        public var value: Double
    }

    /// E.g. `Bench Press e1RM`.
    public var title: String
    /// E.g. `kg`.
    public var unit: String
    /// Oldest first, one per day.
    public var points: [Point]
    /// A horizontal goal line (body weight), in `unit`.
    public var goal: Double?

    /// A mass in `unit` as a chart value (2 decimals).
    static func value(_ mass: Mass, in unit: MassUnit) -> Double {
        (Double(mass.converted(to: unit).tenThousandths) / 100).rounded() / 100
    }

    /// A value as text with at most 2 decimals: `102.5`, `80`.
    public static func text(_ value: Double) -> String {
        FixedPoint.format(Int64((value * 10_000).rounded()), maxFractionDigits: 2)
    }
}
