extension Instant {
    /// The canonical text: UTC, milliseconds, `Z` — `2026-11-20T18:05:00.000Z`.
    public var iso8601: String {
        let ms = millisecondsSince1970
        let day = LocalDay(daysSince1970: Int32(floorDiv(ms, 86_400_000)))
        let inDay = ms - Int64(day.daysSince1970) * 86_400_000
        let h = Int(inDay / 3_600_000), mi = Int(inDay / 60_000 % 60), s = Int(inDay / 1000 % 60)
        let (year, month, dayOfMonth) = day.components
        guard (0...9999).contains(year) else {
            return day.iso + "T" + pad(h, 2) + ":" + pad(mi, 2) + ":" + pad(s, 2) + "." + pad(Int(inDay % 1000), 3) + "Z"
        }
        // Written into the string's own storage: 24 bytes, one allocation.
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = LocalDay.writeISO(year: year, month: month, day: dayOfMonth, into: buffer, at: 0)
            func field(_ separator: Unicode.Scalar, _ value: Int, _ width: Int) {
                buffer[end] = UInt8(ascii: separator)
                ASCIIDigits.write(UInt64(value), width: width, into: buffer, at: end + 1)
                end += 1 + width
            }
            field("T", h, 2)
            field(":", mi, 2)
            field(":", s, 2)
            field(".", Int(inDay % 1000), 3)
            buffer[end] = UInt8(ascii: "Z")
            return end + 1
        }
    }

    /// Parses ISO 8601: `2026-11-20T18:05:00Z`, `…:00.250+01:00`, `2026-11-20T18:05`, `2026-11-20`.
    ///
    /// Returns the instant and the offset the text stated, or `nil` for the offset when the text
    /// had none (the caller then applies its zone). A date alone means local midnight.
    public static func parseISO8601(_ text: some StringProtocol) -> (local: Int64, offsetMinutes: Int?)? {
        let bytes = Array(text.utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var v = 0
            for k in 0..<count {
                let b = bytes[i + k]
                guard b >= 48 && b <= 57 else { return nil }
                v = v * 10 + Int(b - 48)
            }
            i += count
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < bytes.count, bytes[i] == c.asciiValue else { return false }
            i += 1
            return true
        }
        guard let y = number(4), expect("-"), let mo = number(2), expect("-"), let d = number(2),
              let day = LocalDay(year: y, month: mo, day: d) else { return nil }
        var millis: Int64 = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: " ") {
            i += 1
            guard let h = number(2), h < 24, expect(":"), let m = number(2), m < 60 else { return nil }
            var s = 0
            if expect(":") { guard let sec = number(2), sec < 61 else { return nil }; s = min(sec, 59) }
            var frac = 0
            if expect(".") {
                var digits = 0
                while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                    if digits < 3 { frac = frac * 10 + Int(bytes[i] - 48) }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return nil }
                var scaled = digits
                while scaled < 3 { frac *= 10; scaled += 1 }
            }
            millis = Int64(((h * 60 + m) * 60 + s) * 1000 + frac)
        }
        let local = Int64(day.daysSince1970) * 86_400_000 + millis
        if i == bytes.count { return (local, nil) }
        if expect("Z") || expect("z") { return i == bytes.count ? (local, 0) : nil }
        guard i < bytes.count else { return nil }
        let sign: Int
        switch bytes[i] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        i += 1
        guard let oh = number(2) else { return nil }
        _ = expect(":")
        let om = number(2) ?? 0
        guard i == bytes.count, oh <= 18, om < 60 else { return nil }
        return (local, sign * (oh * 60 + om))
    }

    /// Parses an ISO 8601 instant that must carry `Z` or an offset; nil before
    /// 0000-01-01T00:00:00Z (`0000-01-01T00:00+01:00` is in year −1, which `iso8601` cannot write).
    public init?(iso8601 text: some StringProtocol) {
        guard let parsed = Instant.parseISO8601(text), let offset = parsed.offsetMinutes else { return nil }
        let milliseconds = parsed.local - Int64(offset) * 60_000
        guard milliseconds >= Instant.yearZero else { return nil }
        self.init(millisecondsSince1970: milliseconds)
    }

    /// 0000-01-01T00:00:00Z, the first instant wlog reads and writes.
    static let yearZero: Int64 = -62_167_219_200_000
}

extension ZonedInstant {
    /// ISO 8601 with the local wall time and its offset: `2026-11-20T19:05:00+01:00`.
    public var iso8601WithOffset: String {
        let local = Instant(millisecondsSince1970: instant.millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
        let text = local.iso8601  // …ss.mmmZ
        let a = abs(offsetMinutes)
        guard a / 60 <= 99 else {
            let withoutZone = text.dropLast()  // drop Z
            let trimmed = withoutZone.hasSuffix(".000") ? withoutZone.dropLast(4) : withoutZone
            return trimmed + (offsetMinutes < 0 ? "-" : "+") + pad(a / 60, 2) + ":" + pad(a % 60, 2)
        }
        let utf8 = text.utf8
        return String(unsafeUninitializedCapacity: utf8.count + 5) { buffer in
            var end = 0
            for byte in utf8 {
                buffer[end] = byte
                end += 1
            }
            end -= 1  // drop Z
            let zeroMillis = end >= 4 && buffer[end - 4] == UInt8(ascii: ".")
                && buffer[end - 3] == 0x30 && buffer[end - 2] == 0x30 && buffer[end - 1] == 0x30
            if zeroMillis { end -= 4 }
            buffer[end] = UInt8(ascii: offsetMinutes < 0 ? "-" : "+")
            ASCIIDigits.write(UInt64(a / 60), width: 2, into: buffer, at: end + 1)
            buffer[end + 3] = UInt8(ascii: ":")
            ASCIIDigits.write(UInt64(a % 60), width: 2, into: buffer, at: end + 4)
            return end + 6
        }
    }
}
