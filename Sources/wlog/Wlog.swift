import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WlogCore

/// `wlog`: the command line of the workout journal.
@main
struct Wlog: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wlog",
        abstract: "An event-sourced workout log: every set is an event in one LZ4 journal file.",
        version: "0.1.0",
        subcommands: WlogCommands.all
    )

    /// Lifts the global options out of the arguments, then runs the subcommand with `cli.md`'s exit codes.
    static func main() {
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == Serve.configuration.commandName {
            Serve.exec(Array(CommandLine.arguments.dropFirst(2)))
        }
        let (options, arguments) = GlobalOptions.extract(from: Array(CommandLine.arguments.dropFirst()))
        Run.options = options
        do {
            if let conflict = options.conflict { throw WlogError.usage(conflict) }
            var command = try QuickParse.command(arguments) ?? parseAsRoot(arguments)
            try command.run()
        } catch let error as WlogError {
            printError("wlog: error: " + error.message)
            terminate(error.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else {
                let message = fullMessage(for: error)
                // A command's help (--help, -h, `help CMD`, a group without its subcommand) ends with
                // the global options, which ArgumentParser never sees (`GlobalOptions.extract`).
                guard message.hasPrefix("OVERVIEW:") || message.hasPrefix("USAGE:") else { exit(withError: error) }  // --version
                var help = message
                while help.hasSuffix("\n") { help.removeLast() }
                print(help + "\n\n" + GlobalOptions.help(for: arguments))
                terminate(0)
            }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            printError("wlog: error: " + (InvalidValue.rewrite(message) ?? unknownSubcommand(message, arguments) ?? message))
            terminate(code.rawValue)
        }
    }
}

/// For the parser's "unexpected argument" when the first one stands where a command group's
/// subcommand goes (`wlog export everything`): the group's subcommands, so the message names the fix.
private func unknownSubcommand(_ message: String, _ arguments: [String]) -> String? {
    // "Unexpected argument 'W'" or "3 unexpected arguments: 'W', …": the first word the parser could not place.
    guard message.hasPrefix("Unexpected argument '") || message.contains(" unexpected arguments: '"),
          let open = message.firstIndex(of: "'") else { return nil }
    let flagged = message[message.index(after: open)...].prefix { $0 != "'" }
    var command: any ParsableCommand.Type = Wlog.self
    var path = ["wlog"]
    for word in arguments where !word.hasPrefix("-") {
        let subcommands = command.configuration.subcommands
        guard !subcommands.isEmpty else { return nil }
        guard let next = subcommands.first(where: { $0._commandName == word }) else {
            guard word == flagged else { return nil }
            return "\(path.joined(separator: " ")) '\(word)' is unknown; use one of "
                + subcommands.map { $0._commandName }.joined(separator: ", ")
        }
        command = next
        path.append(word)
    }
    return nil
}

/// Ends the process with `status` (the C library's `exit`, which `ParsableCommand.exit` hides inside `Wlog`).
private func terminate(_ status: Int32) -> Never { exit(status) }

/// Every subcommand, in help order.
enum WlogCommands {
    static let all: [any ParsableCommand.Type] = [
        Init.self, Append.self, Import.self, History.self, PRs.self, ShowCommand.self, ExercisesCommand.self, ExerciseCommand.self,
        E1RMCommand.self, VolumeCommand.self, BodyweightCommand.self, SorenessCommand.self, PainCommand.self, TodayCommand.self, AuditCommand.self, EventsCommand.self,
        ExportCommand.self, PlanCommand.self, CoachCommand.self, BalanceCommand.self, ChartCommand.self, Verify.self, Repair.self,
        Compact.self, Replay.self, SettingsCommand.self, EquipmentCommand.self, RoutinesCommand.self, Serve.self, SyncCommand.self, RemoteCommand.self, MCPCommand.self,
    ]
}
