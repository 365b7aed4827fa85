import ArgumentParser
import Testing
@testable import wlog

/// Start-up cost guard: every command spells out its `commandName`.
///
/// Without one, ArgumentParser derives the name from `String(describing: Self.self)`, and each such
/// call scans every protocol conformance record of every loaded library (≈ 0.1 ms per command type,
/// paid by every `wlog` run, since the whole command tree is built before parsing).
@Suite struct CommandNameTests {
    @Test func everyCommandHasAnExplicitName() {
        #expect(Self.unnamed(Wlog.self) == [])
    }

    /// The command types below `command` (itself included) without an explicit `commandName`.
    static func unnamed(_ command: any ParsableCommand.Type) -> [String] {
        let own = command.configuration.commandName == nil ? ["\(command)"] : []
        return own + command.configuration.subcommands.flatMap(unnamed)
    }
}
