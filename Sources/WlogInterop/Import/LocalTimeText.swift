import WlogCore

/// Parsing of the naive local date-times of exports into milliseconds "as if UTC".
enum LocalTimeText {
    /// `YYYY-MM-DD HH:MM[:SS]`, `YYYY-MM-DDTHH:MM[:SS]` or `YYYY-MM-DD` (local midnight).
    ///
    /// The exports write naive wall times; a stated offset, if any, is ignored (the wall time is
    /// read in the import's zone like every other row).
    static func iso(_ text: String) -> Int64? {
        Instant.parseISO8601(text.trimmingCharacters(inSet: " "))?.local
    }

    /// Month name prefixes, lowercased: English, and the German ones that differ.
    private static let months: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
        "nov": 11, "dec": 12, "mär": 3, "mai": 5, "okt": 10, "dez": 12,
    ]

    /// Hevy's locale-dependent dates: `7 Apr 2026, 10:14` or `Oct 1, 2024, 6:48 PM` (also ISO,
    /// and German month names such as `7. Okt. 2026, 10:14`).
    ///
    /// Both orders put the day number before the year, so the parse reads the month name, then
    /// the numbers in order (day, year, hour, minute[, second]) and an optional AM/PM marker.
    static func hevy(_ text: String) -> Int64? {
        if let first = text.utf8.first(where: { $0 != 0x20 }), first >= 48, first <= 57,
           text.contains("-"), let iso = iso(text) {
            return iso
        }
        var numbers: [Int] = []
        var month: Int?
        var meridiem: Character?
        var token = ""
        func flush() -> Bool {
            defer { token = "" }
            guard !token.isEmpty else { return true }
            if let n = Int(token) { numbers.append(n); return true }
            let lower = token.lowercased()
            if lower == "am" || lower == "a.m." { meridiem = "a"; return true }
            if lower == "pm" || lower == "p.m." { meridiem = "p"; return true }
            if month == nil, lower.count >= 3, let m = months[String(lower.prefix(3))] {
                month = m
                return true
            }
            return false
        }
        for ch in text {
            if ch.isLetter || ch.isNumber || ch == "." && !token.isEmpty && !token.allSatisfy(\.isNumber) {
                token.append(ch)
            } else {
                guard flush() else { return nil }
            }
        }
        guard flush(), let month, numbers.count >= 4, numbers.count <= 5 else { return nil }
        var hour = numbers[2]
        let minute = numbers[3]
        let second = numbers.count == 5 ? numbers[4] : 0
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            if meridiem == "a" && hour == 12 { hour = 0 } else if meridiem == "p" && hour != 12 { hour += 12 }
        }
        guard hour < 24, minute < 60, second < 60,
              let day = LocalDay(year: numbers[1], month: month, day: numbers[0]) else { return nil }
        return Int64(day.daysSince1970) * 86_400_000 + Int64((hour * 60 + minute) * 60 + second) * 1000
    }

    /// `YYYY-MM-DDTHH:MM:SS` of a local time in milliseconds (for workout keys and exports).
    static func text(_ local: Int64) -> String {
        let instant = Instant(millisecondsSince1970: local)
        return String(instant.iso8601.prefix(19))
    }
}
