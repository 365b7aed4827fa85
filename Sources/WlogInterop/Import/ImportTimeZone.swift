import WlogCore

/// The zone naive local times of an export are read in: an IANA zone or a fixed `±HH:MM` offset.
///
/// Local wall times are turned into instants with the offset in force then (DST-correct through
/// the system's TZif files, `ZoneRules`). A wall time that happens twice (autumn) is read as its first
/// occurrence; one that does not exist (spring gap) is read with the offset before the gap, so it
/// lands just after the change (02:30 in a 02:00→03:00 gap becomes 03:30).
public struct ImportTimeZone: Sendable, Hashable {
    /// How the zone was given.
    enum Storage: Sendable, Hashable {
        case fixed(minutes: Int)
        case named(ZoneRules)
    }

    let storage: Storage
    /// The text it was made from (`Europe/Berlin`, `+01:00`).
    public let identifier: String

    /// Parses an IANA zone (`Europe/Berlin`, `UTC`) or an offset (`+01:00`, `-0530`, `Z`,
    /// `GMT+01:00`, `UTC-5`).
    public init?(_ text: String) {
        let t = text.trimmingWhitespace()
        if let minutes = ImportTimeZone.parseOffset(t) ?? ImportTimeZone.parseGMTOffset(t) {
            storage = .fixed(minutes: minutes)
        } else if let zone = ZoneRules(identifier: t) {
            storage = .named(zone)
        } else {
            return nil
        }
        identifier = t
    }

    /// A fixed offset in minutes east of UTC.
    public init(offsetMinutes: Int) {
        storage = .fixed(minutes: offsetMinutes)
        let a = abs(offsetMinutes)
        identifier = (offsetMinutes < 0 ? "-" : "+") + two(a / 60) + ":" + two(a % 60)
    }

    /// `±HH:MM`, `±HHMM`, `±HH` or `Z` as minutes; `nil` for anything else.
    static func parseOffset(_ t: String) -> Int? {
        if t == "Z" || t == "z" { return 0 }
        let bytes = Array(t.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else { return nil }
        let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let values = digits.map { Int($0 - 48) }
        let hours = values[0] * 10 + values[1]
        let minutes = digits.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours <= 18, minutes < 60 else { return nil }
        return (first == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    /// `GMT+1`, `UTC-05:30` (fixed offsets Foundation's `TimeZone(identifier:)` accepted) as minutes.
    static func parseGMTOffset(_ t: String) -> Int? {
        guard t.hasPrefix("GMT") || t.hasPrefix("UTC"), let sign = t.dropFirst(3).first, sign == "+" || sign == "-" else {
            return nil
        }
        let digits = t.dropFirst(4)
        return parseOffset(String(sign) + (digits.count == 1 ? "0" : "") + digits)
    }

    /// The offset in minutes in force at a UTC instant.
    public func offsetMinutes(at instant: Instant) -> Int {
        switch storage {
        case let .fixed(minutes): return minutes
        case let .named(zone):
            let seconds = instant.millisecondsSince1970 / 1000 - (instant.millisecondsSince1970 % 1000 < 0 ? 1 : 0)
            return zone.offset(atSecondsSince1970: seconds) / 60
        }
    }

    /// The instant of a local wall time (milliseconds since 1970 as if it were UTC) in this zone.
    public func zoned(localMilliseconds local: Int64) -> ZonedInstant {
        switch storage {
        case let .fixed(minutes):
            return ZonedInstant(Instant(millisecondsSince1970: local - Int64(minutes) * 60_000), offsetMinutes: minutes)
        case .named:
            let day: Int64 = 86_400_000
            let before = offsetMinutes(at: Instant(millisecondsSince1970: local - day))
            let after = offsetMinutes(at: Instant(millisecondsSince1970: local + day))
            let valid = [before, after].filter { offset in
                offsetMinutes(at: Instant(millisecondsSince1970: local - Int64(offset) * 60_000)) == offset
            }
            // Overlap: both valid, take the larger offset (the first occurrence). Gap: none valid.
            let offset = valid.max() ?? before
            let instant = Instant(millisecondsSince1970: local - Int64(offset) * 60_000)
            return ZonedInstant(instant, offsetMinutes: offsetMinutes(at: instant))
        }
    }
}

/// Two decimal digits.
private func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

extension ImportTimeZone {
    /// The system's zone: the one `/etc/localtime` links to, if it is a zone.
    public static var systemSetting: ImportTimeZone? { ZoneRules.systemIdentifier.flatMap(ImportTimeZone.init) }
}
