import WlogCore

/// Lenient decimal parsing for exported numbers: `10`, `10.0`, `62,5`, `61.23492`.
enum NumberText {
    /// The value in units of 10^-`digits`, rounded half away from zero; `nil` if not a number.
    ///
    /// Unlike `FixedPoint.parse` this accepts any number of fraction digits (Strong 6 writes
    /// `61.23492` for 135 lb) and rounds them.
    static func scaled(_ text: some StringProtocol, digits: Int = 4) -> Int64? {
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var roundUp = false
        var negative = false
        var sawDigit = false
        var inFraction = false
        var started = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !started:
                negative = true
                started = true
            case UInt8(ascii: "+") where !started:
                started = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                started = true
                sawDigit = true
                let digit = Int64(byte - 48)
                if inFraction {
                    if fractionDigits < digits {
                        fraction = fraction * 10 + digit
                        fractionDigits += 1
                    } else if fractionDigits == digits {
                        roundUp = digit >= 5
                        fractionDigits += 1
                    }
                } else {
                    guard whole < 1_000_000_000 else { return nil }
                    whole = whole * 10 + digit
                }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard !inFraction else { return nil }
                started = true
                inFraction = true
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        var kept = min(fractionDigits, digits)
        while kept < digits { fraction *= 10; kept += 1 }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        var value = whole * scale + fraction + (roundUp ? 1 : 0)
        if negative { value = -value }
        return value
    }

    /// Reps: a whole number ≥ 0, written `8` or `10.0`. Empty text is `nil`; a fraction is an error.
    static func reps(_ text: String) -> Result<Int?, RowError> {
        let t = text.trimmingCharacters(inSet: " ")
        if t.isEmpty { return .success(nil) }
        guard let v = scaled(t) else { return .failure(RowError("reps `\(t)` is not a number")) }
        guard v >= 0, v % 10_000 == 0 else { return .failure(RowError("reps `\(t)` is not a whole number ≥ 0")) }
        return .success(Int(v / 10_000))
    }

    /// A non-negative mass; empty text is `nil`.
    static func mass(_ text: String, unit: MassUnit) -> Result<Mass?, RowError> {
        amount(text, "weight") { Mass(tenThousandths: $0, unit: unit) }
    }

    /// A kilogram value re-expressed in pounds rounded to 0.01 lb (Strong 6 stores lb as kg).
    static func poundsFromKilograms(_ text: String) -> Result<Mass?, RowError> {
        let t = text.trimmingCharacters(inSet: " ")
        if t.isEmpty { return .success(nil) }
        guard let kg8 = scaled(t, digits: 8), kg8 >= 0 else { return .failure(RowError("weight `\(t)` is not a number ≥ 0")) }
        let lb8 = FixedPoint.convert(kg8, numerator: 100_000_000, denominator: 45_359_237)
        let hundredths = FixedPoint.convert(lb8, numerator: 1, denominator: 1_000_000)
        return .success(Mass(tenThousandths: hundredths * 100, unit: .lb))
    }

    /// A non-negative distance; empty text is `nil`.
    static func distance(_ text: String, unit: DistanceUnit) -> Result<Distance?, RowError> {
        amount(text, "distance") { Distance(tenThousandths: $0, unit: unit) }
    }

    /// A non-negative decimal in ten-thousandths, made a value by `make`; empty text is `nil`, and
    /// any other text names the column (`field`) in its error.
    private static func amount<Value>(_ text: String, _ field: String, _ make: (Int64) -> Value) -> Result<Value?, RowError> {
        let t = text.trimmingCharacters(inSet: " ")
        if t.isEmpty { return .success(nil) }
        guard let v = scaled(t), v >= 0 else { return .failure(RowError("\(field) `\(t)` is not a number ≥ 0")) }
        return .success(make(v))
    }

    /// Seconds (`44`, `44.0`) or a clock (`0:01:54`) as milliseconds; empty text is `nil`.
    static func seconds(_ text: String) -> Result<Int64?, RowError> {
        let t = text.trimmingCharacters(inSet: " ")
        if t.isEmpty { return .success(nil) }
        if let v = scaled(t, digits: 3), v >= 0 { return .success(v) }
        guard let ms = DurationText.parse(t) else { return .failure(RowError("duration `\(t)` is not a duration")) }
        return .success(ms)
    }

    /// An RPE 1–10 in half steps; empty text or `0` is `nil` (not rated).
    static func rpe(_ text: String) -> Result<RPE?, RowError> {
        let t = text.trimmingCharacters(inSet: " ")
        if t.isEmpty { return .success(nil) }
        guard let v = scaled(t, digits: 1) else { return .failure(RowError("RPE `\(t)` is not a number")) }
        if v == 0 { return .success(nil) }
        guard v % 5 == 0, let rpe = RPE(halfPoints: Int(v / 5)) else {
            return .failure(RowError("RPE `\(t)` is not 1 to 10 in steps of 0.5"))
        }
        return .success(rpe)
    }
}

/// Why one row was skipped (becomes a `SkippedRow` with the row's line).
struct RowError: Error, Sendable {
    /// The reason shown to the lifter.
    var reason: String

    init(_ reason: String) { self.reason = reason }
}

extension String {
    /// The text without leading and trailing spaces and tabs (`set` is the space; ASCII only, cheap).
    func trimmingCharacters(inSet set: Character) -> String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09 { return self }
        var slice = Substring(self).utf8[...]
        while let f = slice.first, f == 0x20 || f == 0x09 { slice = slice.dropFirst() }
        while let l = slice.last, l == 0x20 || l == 0x09 { slice = slice.dropLast() }
        return String(Substring(slice))
    }
}
