import WlogCore
import WlogInterop

/// A time zone for local days: an IANA zone (DST-aware) or a fixed `±HH:MM` offset.
///
/// The same type the importers read naive local times with, so `--tz` means one thing everywhere.
typealias Zone = ImportTimeZone

extension ImportTimeZone {
    /// Coordinated Universal Time.
    static let utc = ImportTimeZone(offsetMinutes: 0)

    /// The system's zone (the one `/etc/localtime` links to, as `TimeZone.current`), else UTC.
    static var system: ImportTimeZone { .systemSetting ?? .utc }

    /// What the user wrote, for messages and for `settings.changed`.
    var name: String { identifier }

    /// The instant of a naive local wall time (milliseconds since 1970 as if UTC) in this zone.
    func instant(ofLocal local: Int64) -> ZonedInstant { zoned(localMilliseconds: local) }
}
