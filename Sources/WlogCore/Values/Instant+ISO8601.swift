extension Instant {
    /// The canonical text: UTC, milliseconds, `Z` — `2026-11-20T18:05:00.000Z`.
    public var iso8601: String {
        let ms = millisecondsSince1970
        let day = LocalDay(daysSince1970: Int32(floorDiv(ms, 86_400_000)))
        let inDay = ms - Int64(day.daysSince1970) * 86_400_000
        let h = Int(inDay / 3_600_000), mi = Int(inDay / 60_000 % 60), s = Int(inDay / 1000 % 60)
        return day.iso + "T" + pad(h, 2) + ":" + pad(mi, 2) + ":" + pad(s, 2) + "." + pad(Int(inDay % 1000), 3) + "Z"
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

    /// Parses an ISO 8601 instant that must carry `Z` or an offset.
    public init?(iso8601 text: some StringProtocol) {
        guard let parsed = Instant.parseISO8601(text), let offset = parsed.offsetMinutes else { return nil }
        self.init(millisecondsSince1970: parsed.local - Int64(offset) * 60_000)
    }
}

extension ZonedInstant {
    /// ISO 8601 with the local wall time and its offset: `2026-11-20T19:05:00+01:00`.
    public var iso8601WithOffset: String {
        let local = Instant(millisecondsSince1970: instant.millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
        let text = local.iso8601  // …ss.mmmZ
        let withoutZone = text.dropLast()  // drop Z
        let trimmed = withoutZone.hasSuffix(".000") ? withoutZone.dropLast(4) : withoutZone
        let sign = offsetMinutes < 0 ? "-" : "+"
        let a = abs(offsetMinutes)
        return trimmed + sign + pad(a / 60, 2) + ":" + pad(a % 60, 2)
    }
}
