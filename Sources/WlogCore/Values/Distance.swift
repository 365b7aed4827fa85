/// A unit of distance: metres, kilometres, miles, feet or yards.
public enum DistanceUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case m, km, mi, ft, yd

    /// Parses `m`, `km`, `mi`, `mi.`, `miles`, `ft`, `yd`, `meters` … (any case).
    public init?(parsing text: some StringProtocol) {
        switch text.lowercased() {
        case "m", "meter", "meters", "metre", "metres": self = .m
        case "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres": self = .km
        case "mi", "mi.", "mile", "miles": self = .mi
        case "ft", "feet", "foot": self = .ft
        case "yd", "yds", "yard", "yards": self = .yd
        default: return nil
        }
    }
}

/// An exact distance with the unit it was entered in, stored as ten-thousandths of that unit.
@PublicInit
public struct Distance: Sendable, Hashable, Codable {
    /// Ten-thousandths of `unit`.
    public var tenThousandths: Int64
    /// The unit the value was entered in.
    public var unit: DistanceUnit

    /// Parses a decimal value such as `5.2` in the given unit.
    public init?(_ text: some StringProtocol, unit: DistanceUnit) {
        guard let value = FixedPoint.parse(text) else { return nil }
        self.init(tenThousandths: value, unit: unit)
    }

    /// This distance in ten-thousandths of a metre (exact for m, km, mi, ft, yd).
    public var metreTenThousandths: Int64 {
        switch unit {
        case .m: return tenThousandths
        case .km: return tenThousandths * 1_000
        case .mi: return FixedPoint.convert(tenThousandths, numerator: 1_609_344, denominator: 1_000)
        case .ft: return FixedPoint.convert(tenThousandths, numerator: 3_048, denominator: 10_000)
        case .yd: return FixedPoint.convert(tenThousandths, numerator: 9_144, denominator: 10_000)
        }
    }

    /// The distance in metres as a `Double`.
    public var metres: Double { Double(metreTenThousandths) / 10_000 }

    /// The value as entered, trimmed, without unit.
    public var valueText: String { FixedPoint.format(tenThousandths, maxFractionDigits: 4) }

    /// Display text: `5 km`, `3.1 mi`.
    public func formatted() -> String { FixedPoint.format(tenThousandths) + " " + unit.rawValue }
}

extension Distance: Comparable {
    /// Orders distances by their length in metres.
    public static func < (lhs: Distance, rhs: Distance) -> Bool { lhs.metreTenThousandths < rhs.metreTenThousandths }
    public static func == (lhs: Distance, rhs: Distance) -> Bool { lhs.metreTenThousandths == rhs.metreTenThousandths }
    public func hash(into hasher: inout Hasher) { hasher.combine(metreTenThousandths) }
}
