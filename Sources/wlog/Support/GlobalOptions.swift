#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import WlogCore

/// The options every command accepts, before or after the subcommand (`cli.md`).
///
/// ArgumentParser binds options to one command, so `wlog --journal j.wlog prs` and
/// `wlog prs --journal j.wlog` both work by lifting these options out of the arguments before
/// the subcommand is parsed (`GlobalOptions.extract`).
struct GlobalOptions: Sendable {
    var journal: String?
    var now: String?
    var tz: String?
    var unit: String?
    var format: String?
    var asOf: String?
    /// A `--unit`/`--tz` given both before `init`/`import` and as the command's own option, with
    /// different values: the usage error to report (64).
    var conflict: String?

    /// Sets the option `name` (a long or short name that takes a value) to `value`; false for other names.
    /// (A `switch`, not key paths and a `Set`: those are made at run time, on every run.)
    mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "--journal", "-j": journal = value
        case "--now": now = value
        case "--tz": tz = value
        case "--unit": unit = value
        case "--format": format = value
        case "--as-of": asOf = value
        default: return false
        }
        return true
    }

    /// Whether `name` is a global option that takes a value.
    static func isOption(_ name: String) -> Bool {
        var scratch = GlobalOptions()
        return scratch.set(name, to: "")
    }

    /// The section every command's help ends with: the global options, in ArgumentParser's layout
    /// (without `--unit`/`--tz` for `init` and `import`, whose own options those are).
    static func help(for arguments: [String]) -> String {
        let owner = arguments.first { !$0.hasPrefix("-") && $0 != "help" }.map(ownsUnitAndZone) ?? false
        let lines: [(names: String, text: String, unitOrZone: Bool)] = [
            ("-j, --journal <path>", "The journal (default $WLOG_JOURNAL, else\n$XDG_DATA_HOME/wlog/journal.wlog, else\n~/.local/share/wlog/journal.wlog).", false),
            ("--now <instant>", "The current time for this run (ISO 8601; also\n$WLOG_NOW).", false),
            ("--tz <zone>", "IANA zone or ±HH:MM for local days (default: the\njournal's setting, else $TZ).", true),
            ("--unit <kg|lb>", "Display unit (default: the journal's setting).", true),
            ("--format <format>", "Read commands' output: table (default), csv, json\nor jsonl.", false),
            ("--as-of <instant|seq:N>", "Read commands: the state as it was then.", false),
        ]
        var text = "GLOBAL OPTIONS (before or after the subcommand):"
        for line in lines where !(owner && line.unitOrZone) {
            let parts = line.text.split(separator: "\n", omittingEmptySubsequences: false)
            let names = "  " + line.names
            text += "\n" + (names.count < 26 ? names + String(repeating: " ", count: 26 - names.count) : names + "\n" + String(repeating: " ", count: 26))
                + parts.joined(separator: "\n" + String(repeating: " ", count: 26))
        }
        return text
    }

    /// Commands whose own `--unit`/`--tz` mean something else (import, init): left alone there.
    static func ownsUnitAndZone(_ command: String) -> Bool { command == "import" || command == "init" }

    /// Splits the global options out of `arguments`, returning them and the rest.
    ///
    /// `--unit`/`--tz` before `init` or `import` mean the command's own option (the journal's
    /// defaults / the file's unit and zone): they are moved after the command's name. Given there
    /// too with another value, `conflict` says so.
    static func extract(from arguments: [String]) -> (GlobalOptions, [String]) {
        var options = GlobalOptions()
        var rest: [String] = []
        var index = 0
        let anyOwner = arguments.contains(where: ownsUnitAndZone)
        var commandSeen = false
        var moved: [(name: String, value: String)] = []
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest.append(contentsOf: arguments[index...])
                break
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            let commandOwned = anyOwner && (name == "--unit" || name == "--tz")
            if commandOwned, !commandSeen, let value = inlineValue ?? (index + 1 < arguments.count ? arguments[index + 1] : nil) {
                moved.append((name, value))
                index += inlineValue == nil ? 2 : 1
                continue
            }
            if commandOwned, commandSeen, let value = inlineValue ?? (index + 1 < arguments.count ? arguments[index + 1] : nil),
               let earlier = moved.first(where: { $0.name == name }), earlier.value != value {
                options.conflict = "\(name) is given twice, '\(earlier.value)' and '\(value)'; give it once"
            }
            if !commandSeen, !argument.hasPrefix("-") {
                commandSeen = true
                if ownsUnitAndZone(argument) {
                    rest.append(argument)
                    for option in moved { rest += [option.name, option.value] }
                    index += 1
                    continue
                }
                for option in moved { _ = options.set(option.name, to: option.value) }  // another command: global after all
            }
            if isOption(name), !commandOwned {
                if let inlineValue {
                    _ = options.set(name, to: inlineValue)
                } else if index + 1 < arguments.count {
                    _ = options.set(name, to: arguments[index + 1])
                    index += 1
                } else {
                    rest.append(argument)  // let the parser report the missing value
                }
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (options, rest)
    }
}

/// The global options of this run, set once by `main` before the command runs.
enum Run {
    nonisolated(unsafe) static var options = GlobalOptions()
    nonisolated(unsafe) static var environment: [String: String] = processEnvironment()

    /// The environment from the C library's `environ`: what `ProcessInfo.processInfo.environment`
    /// gives (entries without `=` left out, a repeated name's last value), for a small fraction of
    /// its cost (docs/PERFORMANCE.md, "Why the code is shaped this way").
    static func processEnvironment() -> [String: String] {
#if os(Linux)
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                environment[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            entry += 1
        }
        return environment
#else
        return ProcessInfo.processInfo.environment
#endif
    }
}
