import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wlog mcp`: runs the `wlog-mcp` executable beside `wlog` (as `wlog sync` runs `wlog-sync`), a
/// Model Context Protocol server over stdio for the resolved journal, handed over in
/// `$WLOG_MCP_JOURNAL` (docs/MCP.md). The CLI itself never links the MCP SDK.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve this journal to an AI assistant over MCP (stdio): read tools, and writes that go through wlog's rules.",
        discussion: "Add `wlog mcp` (with --journal PATH) as a stdio server in the assistant's MCP configuration; see docs/MCP.md.")

    func run() throws {
        setenv("WLOG_MCP_JOURNAL", try Context.resolve().journalPath, 1)
        Serve.execSibling("wlog-mcp", [])
    }
}
