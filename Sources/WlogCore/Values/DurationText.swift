/// Parsing and printing of durations in whole milliseconds.
///
/// Accepts `90s`, `25:00` (mm:ss), `1:02:03` (h:mm:ss), `1h 5m`, `1h5m30s`, `31min`, `2m`, `45`
/// (seconds). Prints `1:02:03` / `25:00` for clocks and `1h 5m` for workout lengths.
public enum DurationText {
    /// The longest duration `parse` returns: 10¹⁵ ms (≈ 31,700 years). Past it a text is not a
    /// duration of anything (and would not fit the milliseconds' `Int64`); the rules of what uses
    /// it set the real bounds (`SetRules.maxDurationMilliseconds`).
    public static let maxParsed: Int64 = 1_000_000_000_000_000

    /// Milliseconds in the text, or `nil` if it is not a duration (or is longer than `maxParsed`).
    public static func parse(_ text: some StringProtocol) -> Int64? {
        guard let milliseconds = parseMilliseconds(text), milliseconds.isFinite,
              milliseconds <= Double(maxParsed) else { return nil }
        return Int64(milliseconds)
    }

    private static func parseMilliseconds(_ text: some StringProtocol) -> Double? {
        let t = text.trimmingASCIISpaces().lowercased()
        guard !t.isEmpty else { return nil }
        if t.contains(":") {
            let parts = t.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count) else { return nil }
            var total: Double = 0
            for (index, part) in parts.enumerated() {
                guard let v = Double(part), v >= 0, !part.isEmpty else { return nil }
                if index > 0 && index == parts.count - 1 { guard v < 60 else { return nil } }
                if index > 0 && index < parts.count - 1 { guard v < 60 else { return nil } }
                total = total * 60 + v
            }
            return (total * 1000).rounded()
        }
        if let seconds = Double(t) { return seconds >= 0 ? (seconds * 1000).rounded() : nil }
        // unit groups: 1h 5m 30s, 31min, 90s, 500ms
        var total: Double = 0
        var number = ""
        var unit = ""
        var sawAny = false
        func flush() -> Bool {
            guard !number.isEmpty else { return unit.isEmpty }
            guard let v = Double(number) else { return false }
            let factor: Double
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": factor = 3_600_000
            case "m", "min", "mins", "minute", "minutes": factor = 60_000
            case "s", "sec", "secs", "second", "seconds", "": factor = 1000
            case "ms": factor = 1
            default: return false
            }
            total += v * factor
            number = ""
            unit = ""
            sawAny = true
            return true
        }
        for ch in t {
            if ch.isNumber || ch == "." {
                if !unit.isEmpty { guard flush() else { return nil } }
                number.append(ch)
            } else if ch == " " {
                continue
            } else {
                guard !number.isEmpty || !unit.isEmpty else { return nil }
                unit.append(ch)
            }
        }
        guard flush(), sawAny else { return nil }
        return total.rounded()
    }

    /// Whole seconds, rounded half up, for any `milliseconds` (no overflow at the ends of `Int64`).
    private static func seconds(_ milliseconds: Int64) -> Int64 {
        milliseconds / 1000 + (milliseconds % 1000 >= 500 ? 1 : 0)
    }

    /// `1:02:03` or `25:00` (clock form, for set durations and paces).
    public static func clock(_ milliseconds: Int64) -> String {
        let s = Int(seconds(milliseconds))
        let h = s / 3600, m = s / 60 % 60, sec = s % 60
        return h > 0 ? "\(h):" + pad(m, 2) + ":" + pad(sec, 2) : "\(m):" + pad(sec, 2)
    }

    /// `1h 5m`, `55m`, `44s` (workout lengths, Strong style).
    public static func short(_ milliseconds: Int64) -> String {
        let s = Int(seconds(milliseconds))
        if s < 60 { return "\(s)s" }
        let h = s / 3600, m = s / 60 % 60
        return h > 0 ? (m > 0 ? "\(h)h \(m)m" : "\(h)h") : "\(m)m"
    }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII spaces and tabs.
    func trimmingASCIISpaces() -> Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
