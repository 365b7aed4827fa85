extension POSIXZoneRule {
    /// Parses a POSIX `TZ` rule as TZif footers write it (`EST5EDT,M3.2.0,M11.1.0`,
    /// `<+0330>-3:30`, `<-03>3<-02>,M3.5.0/-2,M10.5.0/-1`); `nil` for anything else.
    init?(_ text: some StringProtocol) {
        var reader = RuleReader(bytes: Array(text.utf8))
        guard reader.name(), let standard = reader.offset(hourLimit: 24) else { return nil }
        standardOffset = -standard
        if reader.atEnd {
            daylight = nil
            return
        }
        guard reader.name() else { return nil }
        var daylightOffset = standardOffset + 3_600
        if let peek = reader.peek, peek != UInt8(ascii: ",") {
            guard let offset = reader.offset(hourLimit: 24) else { return nil }
            daylightOffset = -offset
        }
        guard reader.take(","), let start = reader.change(), reader.take(","), let end = reader.change(), reader.atEnd else {
            return nil
        }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }
}

/// A cursor over the bytes of a POSIX `TZ` rule.
private struct RuleReader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips `byte` if it is next.
    mutating func take(_ byte: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: byte) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: `<…>` or three or more letters.
    mutating func name() -> Bool {
        if take("<") {
            while let b = peek, b != UInt8(ascii: ">") { index += 1 }
            return take(">")
        }
        let start = index
        while let b = peek, (b | 0x20) >= UInt8(ascii: "a"), (b | 0x20) <= UInt8(ascii: "z") { index += 1 }
        return index - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func offset(hourLimit: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(), hours <= hourLimit else { return nil }
        var seconds = hours * 3_600
        if take(":") {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let s = number(), s < 60 else { return nil }
                seconds += s
            }
        }
        return sign * seconds
    }

    /// `date[/time]`; the time defaults to 02:00.
    mutating func change() -> POSIXZoneRule.Change? {
        let day: POSIXZoneRule.Change.Day
        if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if take("M") {
            guard let m = number(), (1...12).contains(m), take("."), let w = number(), (1...5).contains(w),
                  take("."), let d = number(), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7_200
        if take("/") {
            guard let t = offset(hourLimit: 167) else { return nil }
            time = t
        }
        return POSIXZoneRule.Change(day: day, time: time)
    }

    /// Decimal digits.
    mutating func number() -> Int? {
        let start = index
        var value = 0
        while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), index - start < 6 {
            value = value * 10 + Int(b - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }
}
