/// A moment in time: UTC milliseconds since 1970, without a zone.
@PublicInit
public struct Instant: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSince1970: Int64

    /// The same instant shifted by a number of milliseconds.
    public func adding(milliseconds: Int64) -> Instant {
        Instant(millisecondsSince1970: millisecondsSince1970 + milliseconds)
    }

    /// The same instant shifted by whole days.
    public func adding(days: Int) -> Instant { adding(milliseconds: Int64(days) * 86_400_000) }

    /// The local day of this instant at a UTC offset in minutes.
    public func localDay(offsetMinutes: Int) -> LocalDay {
        let local = millisecondsSince1970 + Int64(offsetMinutes) * 60_000
        return LocalDay(daysSince1970: Int32(floorDiv(local, 86_400_000)))
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}

/// An instant with the UTC offset in force where it happened.
public struct ZonedInstant: Sendable, Hashable, Codable {
    /// The moment, in UTC.
    public var instant: Instant
    /// The UTC offset in minutes at that moment and place (e.g. 60 for CET).
    public var offsetMinutes: Int

    /// Pairs an instant with its offset.
    public init(_ instant: Instant, offsetMinutes: Int) {
        self.instant = instant
        self.offsetMinutes = offsetMinutes
    }

    /// The local calendar day.
    public var localDay: LocalDay { instant.localDay(offsetMinutes: offsetMinutes) }

    /// Milliseconds since local midnight.
    public var localMillisecondsOfDay: Int64 {
        let local = instant.millisecondsSince1970 + Int64(offsetMinutes) * 60_000
        return local - floorDiv(local, 86_400_000) * 86_400_000
    }
}

/// A calendar day (proleptic Gregorian), counted from 1970-01-01.
@PublicInit
public struct LocalDay: Sendable, Hashable, Comparable, Codable, Strideable {
    /// Days since 1970-01-01 (may be negative).
    public var daysSince1970: Int32

    /// Makes a day from year, month (1–12) and day (1–31); `nil` if it does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...LocalDay.daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        daysSince1970 = Int32(LocalDay.daysFromCivil(year: year, month: month, day: day))
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Year, month and day.
    public var components: (year: Int, month: Int, day: Int) { LocalDay.civil(fromDays: Int(daysSince1970)) }

    /// ISO weekday: Monday 1 … Sunday 7.
    public var isoWeekday: Int {
        let d = Int(daysSince1970)
        // 1970-01-01 was a Thursday (4).
        return ((d % 7) + 7 + 3) % 7 + 1
    }

    /// The Monday that starts this day's ISO week.
    public var startOfISOWeek: LocalDay { LocalDay(daysSince1970: daysSince1970 - Int32(isoWeekday - 1)) }

    /// The ISO week-numbering year and week number.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = LocalDay(daysSince1970: daysSince1970 - Int32(isoWeekday) + 4)
        let year = thursday.components.year
        let jan1 = Int(LocalDay.daysFromCivil(year: year, month: 1, day: 1))
        return (year, (Int(thursday.daysSince1970) - jan1) / 7 + 1)
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let (y, m, d) = components
        guard (0...9999).contains(y) else { return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) }
        return ASCIIDigits.string(capacity: 10) { LocalDay.writeISO(year: y, month: m, day: d, into: $0, at: 0) }
    }

    /// The most bytes `iso` has: `-5877641-06-23` (a year outside 0…9999 is written as it is).
    public static let maxISOLength = 14

    /// Writes `iso` at `buffer[start...]` (room for `maxISOLength` bytes); returns the index after it.
    public func writeISO(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let (y, m, d) = components
        guard (0...9999).contains(y) else {
            var end = start
            for byte in iso.utf8 {
                buffer[end] = byte
                end += 1
            }
            return end
        }
        return LocalDay.writeISO(year: y, month: m, day: d, into: buffer, at: start)
    }

    /// Writes `YYYY-MM-DD` (a year from 0 to 9999) at `buffer[start...]`; returns the index after it.
    static func writeISO(year: Int, month: Int, day: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        ASCIIDigits.write(UInt64(year), width: 4, into: buffer, at: start)
        buffer[start + 4] = UInt8(ascii: "-")
        ASCIIDigits.write(UInt64(month), width: 2, into: buffer, at: start + 5)
        buffer[start + 7] = UInt8(ascii: "-")
        ASCIIDigits.write(UInt64(day), width: 2, into: buffer, at: start + 8)
        return start + 10
    }

    /// `YYYY-Www`, e.g. `2026-W47`.
    public var isoWeekText: String {
        let (y, w) = isoWeek
        return pad(y, 4) + "-W" + pad(w, 2)
    }

    /// `YYYY-MM`.
    public var monthText: String {
        let (y, m, _) = components
        return pad(y, 4) + "-" + pad(m, 2)
    }

    /// The UTC instant of local midnight at the given offset.
    public func midnight(offsetMinutes: Int) -> Instant {
        Instant(millisecondsSince1970: Int64(daysSince1970) * 86_400_000 - Int64(offsetMinutes) * 60_000)
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
    public func distance(to other: LocalDay) -> Int { Int(other.daysSince1970 - daysSince1970) }
    public func advanced(by n: Int) -> LocalDay { LocalDay(daysSince1970: daysSince1970 + Int32(n)) }

    /// Days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's days_from_civil.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Howard Hinnant's civil_from_days.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}

/// Floor division for negative-safe day arithmetic.
@inlinable
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

/// Left-pads a non-negative number with zeros.
func pad(_ value: Int, _ width: Int) -> String {
    if value >= 0 && width <= 15 {
        let digits = max(width, ASCIIDigits.count(UInt64(value)))
        if digits <= 15 {
            return ASCIIDigits.string(capacity: 15) { buffer in
                ASCIIDigits.write(UInt64(value), width: digits, into: buffer, at: 0)
                return digits
            }
        }
    }
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
