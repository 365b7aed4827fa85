#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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

    /// The property an option name sets, for the names that take a value.
    static func keyPath(for name: String) -> WritableKeyPath<GlobalOptions, String?>? {
        switch name {
        case "--journal", "-j": return \.journal
        case "--now": return \.now
        case "--tz": return \.tz
        case "--unit": return \.unit
        case "--format": return \.format
        case "--as-of": return \.asOf
        default: return nil
        }
    }

    /// Commands whose own `--unit`/`--tz` mean something else (import, init): left alone there.
    static let commandsOwningUnitAndZone: Set<String> = ["import", "init"]

    /// Splits the global options out of `arguments`, returning them and the rest.
    static func extract(from arguments: [String]) -> (GlobalOptions, [String]) {
        var options = GlobalOptions()
        var rest: [String] = []
        var index = 0
        let ownsUnitAndZone = arguments.contains { commandsOwningUnitAndZone.contains($0) }
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
            if let keyPath = keyPath(for: name), !(ownsUnitAndZone && (name == "--unit" || name == "--tz")) {
                if let inlineValue {
                    options[keyPath: keyPath] = inlineValue
                } else if index + 1 < arguments.count {
                    options[keyPath: keyPath] = arguments[index + 1]
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
    nonisolated(unsafe) static var environment: [String: String] = ProcessInfo.processInfo.environment
}
