#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import WlogCore
import WlogJournal

/// The resolved global options of one run: journal path, clock, zone, unit, output format.
struct Context {
    /// Where the journal is.
    let journalPath: String
    /// The run's `now` (`--now`, `$WLOG_NOW`, else the system clock).
    let now: Instant
    /// The zone the user gave with `--tz`; it wins over the journal's setting.
    let zoneOverride: Zone?
    /// The zone of `$TZ`, used when neither `--tz` nor the journal names one.
    let environmentZone: Zone?
    /// The display unit the user asked for, if any.
    let unitOverride: MassUnit?
    /// The output format of read commands.
    let format: OutputFormat
    /// `--as-of`, parsed.
    let asOf: AsOfPoint?
    /// How long a writer waits for another writer's lock before exit 69 (`$WLOG_LOCK_TIMEOUT`, seconds; default 5).
    var lockTimeout: Duration = .seconds(5)

    /// The journal options of a writer in this run.
    var writerOptions: JournalOptions {
        var options = JournalOptions()
        options.lockTimeout = lockTimeout
        return options
    }

    /// Resolves the options, refusing bad values with exit 64.
    static func resolve(_ options: GlobalOptions = Run.options, environment: [String: String] = Run.environment) throws -> Context {
        let path: String
        if let journal = options.journal {
            path = journal
        } else if let env = environment["WLOG_JOURNAL"], !env.isEmpty {
            path = env
        } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            path = xdg + "/wlog/journal.wlog"
        } else {
            path = (environment["HOME"] ?? ".") + "/.local/share/wlog/journal.wlog"
        }
        // wlog's clock ticks in whole seconds: no screen or export shows milliseconds, and an
        // event logged as it happens then repeats `at`'s bytes (docs/EVENTS.md, "Envelope").
        let now = try parsed((options.now ?? environment["WLOG_NOW"]).flatMap { $0.isEmpty ? nil : $0 }, { Instant(iso8601: $0) }) {
            "--now '\($0)' is not an ISO 8601 instant with a zone; use e.g. 2026-11-20T18:00:00Z"
        } ?? Instant(millisecondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)) * 1000)
        let zone = try parsed(options.tz, { Zone($0) }) {
            "--tz '\($0)' is not a time zone; use an IANA name (Europe/Berlin) or an offset (+01:00)"
        }
        let environmentZone = environment["TZ"].flatMap { $0.isEmpty ? nil : Zone($0.hasPrefix(":") ? String($0.dropFirst()) : $0) }
        let unit = try parsed(options.unit, { MassUnit(argument: $0) }) {
            InvalidValue.message(option: "--unit", value: $0, allowed: MassUnit.allValueStrings)
        }
        let format = try parsed(options.format, { OutputFormat(argument: $0) }) {
            InvalidValue.message(option: "--format", value: $0, allowed: OutputFormat.allValueStrings)
        } ?? .table
        let asOf = try parsed(options.asOf, { AsOfPoint($0) }) {
            "--as-of '\($0)' is neither seq:N nor an ISO 8601 instant; use e.g. seq:120 or 2026-10-01T00:00:00Z"
        }
        var context = Context(journalPath: path, now: now, zoneOverride: zone, environmentZone: environmentZone,
                              unitOverride: unit, format: format, asOf: asOf)
        let lockSeconds = try parsed(environment["WLOG_LOCK_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 },
                                     { Double($0).flatMap { (0...3_600).contains($0) ? $0 : nil } }) {
            "WLOG_LOCK_TIMEOUT '\($0)' is not a number of seconds from 0 to 3600"
        }
        if let lockSeconds { context.lockTimeout = .milliseconds(Int64(lockSeconds * 1000)) }
        return context
    }

    /// `text` read by `parse`; nil when absent, a usage error (exit 64) saying `refusal(text)` when
    /// `parse` refuses it.
    private static func parsed<Value>(_ text: String?, _ parse: (String) -> Value?, refusal: (String) -> String) throws -> Value? {
        guard let text else { return nil }
        guard let value = parse(text) else { throw WlogError.usage(refusal(text)) }
        return value
    }
}

/// The output formats of read commands (`--format`, a global option: `GlobalOptions` reads it).
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case table, csv, json, jsonl
}

/// `--as-of seq:N` or `--as-of INSTANT`.
enum AsOfPoint: Equatable {
    case sequence(UInt64)
    case instant(Instant)

    init?(_ text: String) {
        if text.hasPrefix("seq:") {
            guard let n = UInt64(text.dropFirst(4)) else { return nil }
            self = .sequence(n)
        } else if let instant = Instant(iso8601: text) {
            self = .instant(instant)
        } else if let day = LocalDay(iso: text) {
            self = .instant(day.advanced(by: 1).midnight(offsetMinutes: 0))
        } else {
            return nil
        }
    }
}
