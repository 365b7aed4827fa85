/// A unit of mass a lifter enters: kilograms or pounds.
public enum MassUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case kg
    case lb

    /// Parses `kg`, `kgs`, `lb`, `lbs` (any case).
    public init?(parsing text: some StringProtocol) {
        switch text.lowercased() {
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": self = .kg
        case "lb", "lbs", "pound", "pounds", "#": self = .lb
        default: return nil
        }
    }
}

/// An exact mass with the unit it was entered in.
///
/// Stored as integer ten-thousandths of the unit (`102.5 kg` = 1 025 000 kg-units). Comparing or
/// summing across units converts to kilograms (1 lb = 0.45359237 kg exactly), rounded to 1e-4 kg.
@PublicInit
public struct Mass: Sendable, Hashable, Codable {
    /// Ten-thousandths of `unit`.
    public var tenThousandths: Int64
    /// The unit the value was entered in.
    public var unit: MassUnit

    /// Parses a decimal value such as `102.5` in the given unit.
    public init?(_ text: some StringProtocol, unit: MassUnit) {
        guard let value = FixedPoint.parse(text) else { return nil }
        self.init(tenThousandths: value, unit: unit)
    }

    /// Parses a mass as lifters type it: `100` (in `defaultUnit`), `102.5kg`, `225lb`, `225 lbs`.
    public init?(parsing text: some StringProtocol, defaultUnit: MassUnit) {
        let lower = text.lowercased().filter { $0 != " " }
        var number = Substring(lower)
        var unit = defaultUnit
        for suffix in ["kgs", "kg", "lbs", "lb"] where lower.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            unit = suffix.hasPrefix("kg") ? .kg : .lb
            break
        }
        guard !number.isEmpty, let value = FixedPoint.parse(number), value >= 0 else { return nil }
        self.init(tenThousandths: value, unit: unit)
    }

    /// The zero mass in the given unit.
    public static func zero(_ unit: MassUnit) -> Mass { Mass(tenThousandths: 0, unit: unit) }

    /// Whole kilograms, for tests and literals: `Mass.kg(100)`.
    public static func kg(_ value: Double) -> Mass {
        Mass(tenThousandths: Int64((value * 10_000).rounded()), unit: .kg)
    }

    /// Whole pounds, for tests and literals: `Mass.lb(225)`.
    public static func lb(_ value: Double) -> Mass {
        Mass(tenThousandths: Int64((value * 10_000).rounded()), unit: .lb)
    }

    /// This mass in ten-thousandths of a kilogram, the common scale for comparing and summing.
    @inlinable
    public var kilogramTenThousandths: Int64 {
        switch unit {
        case .kg: return tenThousandths
        case .lb: return FixedPoint.convert(tenThousandths, numerator: 45_359_237, denominator: 100_000_000)
        }
    }

    /// This mass converted to `target`, rounded to 1e-4 of the target unit.
    public func converted(to target: MassUnit) -> Mass {
        if target == unit { return self }
        switch target {
        case .kg: return Mass(tenThousandths: kilogramTenThousandths, unit: .kg)
        case .lb:
            return Mass(
                tenThousandths: FixedPoint.convert(tenThousandths, numerator: 100_000_000, denominator: 45_359_237),
                unit: .lb)
        }
    }

    /// The value as a `Double` in its own unit.
    public var value: Double { Double(tenThousandths) / 10_000 }

    /// The value in kilograms as a `Double`.
    public var kilograms: Double { Double(kilogramTenThousandths) / 10_000 }

    /// The value as entered, trimmed (`102.5`), without unit.
    public var valueText: String { FixedPoint.format(tenThousandths, maxFractionDigits: 4) }

    /// Display text in `unit` (default: its own), at most two decimals: `102.5 kg`, `225 lb`.
    public func formatted(in displayUnit: MassUnit? = nil) -> String {
        let shown = converted(to: displayUnit ?? unit)
        // Written into one small string (cheaper than `format` + " " + unit).
        let unitText = shown.unit.rawValue.utf8
        return ASCIIDigits.string(capacity: FixedPoint.maxTextLength + 1 + unitText.count) { buffer in
            var end = FixedPoint.write(shown.tenThousandths, maxFractionDigits: 2, into: buffer, at: 0)
            buffer[end] = UInt8(ascii: " ")
            end += 1
            for byte in unitText {
                buffer[end] = byte
                end += 1
            }
            return end
        }
    }
}

extension Mass: Comparable {
    /// Orders masses by their weight in kilograms (1e-4 kg resolution).
    public static func < (lhs: Mass, rhs: Mass) -> Bool {
        lhs.kilogramTenThousandths < rhs.kilogramTenThousandths
    }

    /// Two masses are equal when they are the same weight, whatever their units.
    public static func == (lhs: Mass, rhs: Mass) -> Bool {
        lhs.unit == rhs.unit
            ? lhs.tenThousandths == rhs.tenThousandths
            : lhs.kilogramTenThousandths == rhs.kilogramTenThousandths
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(kilogramTenThousandths) }
}

extension Mass: CustomStringConvertible {
    public var description: String { formatted() }
}
