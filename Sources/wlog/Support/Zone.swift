import Foundation
import WlogCore

/// A time zone for local days: an IANA zone (DST-aware) or a fixed `±HH:MM` offset.
struct Zone: Sendable {
    /// What the user wrote, for messages.
    let name: String
    private let timeZone: TimeZone

    /// Coordinated Universal Time.
    static let utc = Zone(name: "UTC", timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone.current)

    private init(name: String, timeZone: TimeZone) {
        self.name = name
        self.timeZone = timeZone
    }

    /// The system's zone.
    static var system: Zone { Zone(name: TimeZone.current.identifier, timeZone: TimeZone.current) }

    /// Parses `Europe/Berlin`, `UTC`, `+01:00`, `-0530`.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let first = trimmed.first, first == "+" || first == "-" {
            let digits = trimmed.dropFirst().replacingOccurrences(of: ":", with: "")
            guard digits.count == 4 || digits.count == 2, let value = Int(digits) else { return nil }
            let minutes = digits.count == 4 ? (value / 100) * 60 + value % 100 : value * 60
            guard minutes <= 18 * 60, let zone = TimeZone(secondsFromGMT: (first == "-" ? -minutes : minutes) * 60) else {
                return nil
            }
            timeZone = zone
        } else if trimmed.uppercased() == "UTC" || trimmed.uppercased() == "Z" {
            timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        } else if let zone = TimeZone(identifier: trimmed) {
            timeZone = zone
        } else {
            return nil
        }
        name = trimmed
    }

    /// The UTC offset in minutes in force at `instant`.
    func offsetMinutes(at instant: Instant) -> Int {
        let date = Date(timeIntervalSince1970: Double(instant.millisecondsSince1970) / 1000)
        return timeZone.secondsFromGMT(for: date) / 60
    }

    /// The instant of a naive local wall time (milliseconds since 1970 as if UTC) in this zone.
    func instant(ofLocal local: Int64) -> ZonedInstant {
        // Guess with the offset at the local time read as UTC, then correct once (DST edges).
        var offset = offsetMinutes(at: Instant(millisecondsSince1970: local))
        var utc = Instant(millisecondsSince1970: local - Int64(offset) * 60_000)
        let corrected = offsetMinutes(at: utc)
        if corrected != offset {
            offset = corrected
            utc = Instant(millisecondsSince1970: local - Int64(offset) * 60_000)
        }
        return ZonedInstant(utc, offsetMinutes: offset)
    }
}
