import ArgumentParser
import WlogCore

/// `wlog settings` (show) and `wlog settings set KEY VALUE` (one `settings.changed` event).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Show the journal's settings, or change one: wlog settings set unit lb.",
        subcommands: [Show.self, Change.self], defaultSubcommand: Show.self)

    /// The keys, in display order.
    static let keys = ["unit", "zone", "rest-timer", "e1rm-formula", "pr-reps", "e1rm-max-reps"]

    /// `wlog settings [show]`: `key, value` rows.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "The settings in force (columns key, value).",
            discussion: "unit and zone are the journal's (a run's --unit/--tz override them for that run only).")

        func run() throws {
            let (context, loaded) = try JournalSession.read()
            let settings = loaded.state.settings, profile = loaded.state.profile
            var rows = Rows(columns: ["key", "value"])
            let values: [String?] = [
                (settings.unit ?? profile.unit ?? .kg).rawValue, settings.timeZone ?? profile.timeZone,
                (settings.restTimerSeconds ?? profile.restTimerSeconds).map(String.init), settings.e1rmFormula,
                settings.prReps.map(String.init).joined(separator: ","), String(settings.e1rmMaxReps),
            ]
            for (key, value) in zip(SettingsCommand.keys, values) { rows.append([.text(key), .optional(value)]) }
            Printer.emit(rows, format: context.format, tableHeaders: ["Setting", "Value"])
        }
    }

    /// `wlog settings set KEY VALUE`.
    struct Change: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change one setting (a settings.changed event).",
            discussion: """
                KEY VALUE: unit kg|lb; zone IANA name or ±HH:MM (local days of new sets); rest-timer seconds \
                (0–3600); e1rm-formula epley, brzycki, lander, lombardi, mayhew, oconner, wathen, rpe, brzycki-rir or brzycki-102.78; \
                pr-reps a comma list of rep counts 1–50 (the rep maxes tracked); e1rm-max-reps 1–50. \
                A value that is already the setting is refused (65): nothing would change.
                """)

        @Argument(help: "unit, zone, rest-timer, e1rm-formula, pr-reps or e1rm-max-reps.") var key: String
        @Argument(help: "The new value.") var value: String

        func run() throws {
            let context = try Context.resolve()
            let change = try Self.change(key: key.lowercased(), value: value)
            let outcome = try JournalSession(context: context).append { _ in .changeSettings(change) }
            if !outcome.appended.isEmpty { print("settings: \(key.lowercased()) \(value)") }
        }

        /// The event's payload for one key, or a usage error naming the key or value.
        static func change(key: String, value: String) throws -> SettingsChanged {
            func int() throws -> Int {
                guard let n = Int(value) else { throw WlogError.usage("\(key) '\(value)' is not a whole number") }
                return n
            }
            var change = SettingsChanged()
            switch key {
            case "unit":
                guard let unit = MassUnit(parsing: value) else { throw WlogError.usage("unit '\(value)' is not a unit; use kg or lb") }
                change.unit = unit
            case "zone", "tz", "time-zone":
                guard let zone = Zone(value) else {
                    throw WlogError.usage("zone '\(value)' is not a time zone; use an IANA name (Europe/Berlin) or an offset (+01:00)")
                }
                change.timeZone = zone.name
            case "rest-timer": change.restTimerSeconds = try int()
            case "e1rm-formula": change.e1rmFormula = value
            case "pr-reps":
                var reps: [Int] = []
                for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let n = Int(part.trimmingWhitespace()) else {
                        throw WlogError.usage("pr-reps '\(value)' is not a comma list of rep counts, as in 1,3,5")
                    }
                    reps.append(n)
                }
                change.prReps = reps
            case "e1rm-max-reps": change.e1rmMaxReps = try int()
            default:
                throw WlogError.usage("setting '\(key)' is unknown; use one of " + SettingsCommand.keys.joined(separator: ", "))
            }
            return change
        }
    }
}
