/// Exact decimal arithmetic in ten-thousandths, shared by masses and distances.
///
/// wlog stores every quantity as an integer count of ten-thousandths of its unit, so `102.5`
/// is `1_025_000` and sums and comparisons are exact. This namespace parses and prints such values.
public enum FixedPoint {
    /// The number of stored units in one whole unit.
    public static let scale: Int64 = 10_000

    /// Parses a plain decimal such as `102.5`, `0.45`, `-3` or `1e2` is refused.
    ///
    /// Accepts an optional sign, digits, an optional `.` or `,` decimal separator and up to four
    /// fraction digits (more are refused unless they are zeros). Returns `nil` on anything else.
    public static func parse<S: StringProtocol>(_ text: S) -> Int64? {
        var utf8 = Substring(text).utf8[...]
        // trim ASCII spaces
        while let f = utf8.first, f == 0x20 { utf8 = utf8.dropFirst() }
        while let l = utf8.last, l == 0x20 { utf8 = utf8.dropLast() }
        guard !utf8.isEmpty else { return nil }
        var negative = false
        if utf8.first == UInt8(ascii: "-") { negative = true; utf8 = utf8.dropFirst() }
        else if utf8.first == UInt8(ascii: "+") { utf8 = utf8.dropFirst() }
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var sawDigit = false
        var inFraction = false
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                sawDigit = true
                let digit = Int64(byte - UInt8(ascii: "0"))
                if inFraction {
                    if fractionDigits < 4 {
                        fraction = fraction * 10 + digit
                        fractionDigits += 1
                    } else if digit != 0 {
                        return nil
                    }
                } else {
                    // Below 10^11 whole units, so that a conversion (× 1609.344 at most) fits Int64.
                    guard whole < 10_000_000_000 else { return nil }
                    whole = whole * 10 + digit
                }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard !inFraction else { return nil }
                inFraction = true
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        while fractionDigits < 4 { fraction *= 10; fractionDigits += 1 }
        let value = whole * scale + fraction
        return negative ? -value : value
    }

    /// Formats ten-thousandths with at most `maxFractionDigits` decimals, trailing zeros trimmed.
    ///
    /// Rounds half away from zero: `format(1_025_000) == "102.5"`, `format(1_234_567, 2) == "123.46"`.
    public static func format(_ value: Int64, maxFractionDigits: Int = 2) -> String {
        ASCIIDigits.string(capacity: maxTextLength) { write(value, maxFractionDigits: maxFractionDigits, into: $0, at: 0) }
    }

    /// The most bytes `format` writes: a sign, 15 whole digits, a point and 4 decimals.
    public static let maxTextLength = 21

    /// Writes the text of `format` at `buffer[start...]` (room for `maxTextLength` bytes); returns the index after it.
    public static func write(_ value: Int64, maxFractionDigits: Int, into buffer: UnsafeMutableBufferPointer<UInt8>,
                             at start: Int) -> Int {
        precondition((0...4).contains(maxFractionDigits))
        var divisor: UInt64 = 1
        for _ in 0..<(4 - maxFractionDigits) { divisor *= 10 }
        let magnitude = value.magnitude
        let rounded = (magnitude + divisor / 2) / divisor  // no overflow: |Int64| + 5,000 fits UInt64
        var fractionScale: UInt64 = 1
        for _ in 0..<maxFractionDigits { fractionScale *= 10 }
        let whole = rounded / fractionScale
        var fraction = rounded % fractionScale
        var digits = maxFractionDigits
        while digits > 0 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var end = start
        if value < 0 && rounded != 0 {
            buffer[end] = UInt8(ascii: "-")
            end += 1
        }
        let wholeDigits = ASCIIDigits.count(whole)
        ASCIIDigits.write(whole, width: wholeDigits, into: buffer, at: end)
        end += wholeDigits
        if digits > 0 {
            buffer[end] = UInt8(ascii: ".")
            ASCIIDigits.write(fraction, width: digits, into: buffer, at: end + 1)
            end += 1 + digits
        }
        return end
    }

    /// Converts ten-thousandths between units by an exact rational factor, rounding half away from zero.
    @inlinable
    public static func convert(_ value: Int64, numerator: Int64, denominator: Int64) -> Int64 {
        let product = value.multipliedFullWidth(by: numerator)
        let (q, r) = denominator.dividingFullWidth(product)
        if r == 0 { return q }
        let twice = (r < 0 ? -r : r) * 2
        if twice >= (denominator < 0 ? -denominator : denominator) {
            return (value < 0) != (numerator < 0) ? q - 1 : q + 1
        }
        return q
    }
}
