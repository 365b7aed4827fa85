import WlogCore

/// `--at` values: an ISO 8601 instant with or without offset (then local to the journal's zone),
/// a bare date (local noon), or `HH:MM` today.
enum AtText {
    static func parse(_ text: String, zone: Zone, now: Instant, option: String = "--at") throws -> ZonedInstant {
        if let parsed = Instant.parseISO8601(text) {
            if let offset = parsed.offsetMinutes {
                let instant = Instant(millisecondsSince1970: parsed.local - Int64(offset) * 60_000)
                return ZonedInstant(instant, offsetMinutes: offset)
            }
            var local = parsed.local
            if !text.contains("T") && !text.contains(" ") { local += 12 * 3_600_000 }  // a date alone: noon
            return zone.instant(ofLocal: local)
        }
        let parts = text.split(separator: ":")
        if parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) {
            let today = now.localDay(offsetMinutes: zone.offsetMinutes(at: now))
            return zone.instant(ofLocal: Int64(today.daysSince1970) * 86_400_000 + Int64(h * 60 + m) * 60_000)
        }
        throw WlogError.usage("\(option) '\(text)' is not a time; use ISO 8601 (2026-11-20T18:30, 2026-11-20T18:30:00+01:00), a date (2026-11-20) or HH:MM today")
    }
}
