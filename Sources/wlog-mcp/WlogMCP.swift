import Foundation
import MCP
import WlogMCPTools
import WlogSibling

/// `wlog mcp`: the lifter's journal as a Model Context Protocol server over stdio, for any AI
/// assistant (docs/MCP.md). `wlog` resolves the journal and hands it over in `$WLOG_MCP_JOURNAL`
/// (or `--journal PATH` when run directly); every tool runs `wlog --journal PATH …` on it.
@main
struct WlogMCP {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var journal = ProcessInfo.processInfo.environment["WLOG_MCP_JOURNAL"]
        if arguments.count == 2, ["--journal", "-j"].contains(arguments[0]) { journal = arguments.removeLast(); arguments = [] }
        guard arguments.isEmpty, let journal, !journal.isEmpty else {
            FileHandle.standardError.write(Data("wlog-mcp: error: run it as `wlog mcp` (or wlog-mcp --journal PATH)\n".utf8))
            exit(64)
        }
        let lifter = LifterTools(journal: journal, wlog: SiblingWlog())
        let server = ToolServer.make(answers: "as `wlog … --format json` prints it")
        await lifter.register(on: server)
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}
