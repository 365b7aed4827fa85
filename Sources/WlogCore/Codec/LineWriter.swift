/// Appends the tokens of a canonical line to a byte buffer.
///
/// Canonical JSON here means: UTF-8, no white space, members in the documented order, strings
/// with minimal escaping (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control characters as
/// `\u00xx`; everything else, non-ASCII included, raw), integers in plain decimal, exact decimals
/// as strings with trailing zeros trimmed.
struct LineWriter {
    /// The bytes written so far.
    var bytes: [UInt8]

    /// A writer with room for a typical line.
    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII text as is.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `,"key":`.
    @inline(__always)
    mutating func key(_ key: CodecKey) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.rawValue.utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends a quoted, minimally escaped string (`JSONString`'s rule).
    mutating func string(_ text: String) { JSONString.appendQuoted(text, to: &bytes) }

    /// Appends a plain decimal integer.
    mutating func int(_ value: Int) { int64(Int64(value)) }

    /// Appends a plain decimal integer.
    mutating func int64(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            uint64(value.magnitude)
        } else {
            uint64(UInt64(value))
        }
    }

    /// Appends a plain decimal unsigned integer.
    mutating func uint64(_ value: UInt64) {
        var divisor: UInt64 = 1
        while divisor <= value / 10 { divisor *= 10 }
        var v = value
        while divisor > 0 {
            bytes.append(UInt8(v / divisor) + 0x30)
            v %= divisor
            divisor /= 10
        }
    }

    /// Appends ten-thousandths as a quoted exact decimal: `"102.5"`, `"225"`, `"0.0454"`.
    mutating func decimal(_ value: Int64) {
        bytes.append(UInt8(ascii: "\""))
        bareDecimal(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ten-thousandths as an unquoted decimal number: `8`, `8.5`.
    mutating func bareDecimal(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        uint64(magnitude / 10_000)
        var fraction = magnitude % 10_000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var scale: UInt64 = 1000
        while fraction != 0 {
            bytes.append(UInt8(fraction / scale) + 0x30)
            fraction %= scale
            scale /= 10
        }
    }

    /// Appends an RPE as a JSON number: `8`, `8.5`.
    mutating func rpe(_ rpe: RPE) { bareDecimal(Int64(rpe.halfPoints) * 5_000) }

    /// Appends a rating as an integer.
    mutating func rating(_ rating: Rating) { uint64(UInt64(rating.value)) }

    /// Appends a boolean.
    mutating func bool(_ value: Bool) { if value { raw("true") } else { raw("false") } }

    /// Appends an id as 32 quoted lowercase hex digits.
    mutating func eventID(_ id: EventID) {
        bytes.append(UInt8(ascii: "\""))
        for i in 0..<16 { bytes.append(hexDigit(UInt8((id.high >> UInt64(60 - 4 * i)) & 0xF))) }
        for i in 0..<16 { bytes.append(hexDigit(UInt8((id.low >> UInt64(60 - 4 * i)) & 0xF))) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an instant as `"2026-11-20T17:05:00.000Z"` (UTC, milliseconds; years 0000–9999).
    mutating func instant(_ instant: Instant) {
        let ms = instant.millisecondsSince1970
        let days = floorDiv(ms, 86_400_000)
        let inDay = Int(ms - days * 86_400_000)
        let (y, m, d) = LocalDay.civil(fromDays: Int(days))
        bytes.append(UInt8(ascii: "\""))
        digits(y, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(m, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(d, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(inDay / 3_600_000, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(inDay / 60_000 % 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(inDay / 1000 % 60, 2)
        bytes.append(UInt8(ascii: "."))
        digits(inDay % 1000, 3)
        bytes.append(UInt8(ascii: "Z"))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `value` zero-padded to `width` digits (more if it needs them).
    private mutating func digits(_ value: Int, _ width: Int) {
        if value < 0 || value >= 10_000 { int(value); return }
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var v = value
        while divisor > 0 {
            bytes.append(UInt8(v / divisor) + 0x30)
            v %= divisor
            divisor /= 10
        }
    }
}
