import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wlog sync [NAME] [--dry-run]` and `wlog remote add|list|remove`: run the `wlog-sync`
/// executable beside `wlog` (as `wlog serve` runs `wlog-server`), so the CLI never loads an HTTP
/// client. The journal is resolved here, as for every command, and handed over in
/// `$WLOG_SYNC_JOURNAL`; `wlog-sync` reads and writes it through `wlog` (docs/SYNC.md).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push the events the server lacks and pull the ones the journal lacks (see wlog remote).",
        discussion: "wlog sync [NAME] [--dry-run]; the token comes from $WLOG_TOKEN or the remote's --token-file (mode 0600).")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { try SyncCommand.exec(["sync"] + arguments) }

    /// Replaces this process with `wlog-sync arguments…` for the resolved journal; 69 when it cannot run.
    static func exec(_ arguments: [String]) throws -> Never {
        setenv("WLOG_SYNC_JOURNAL", try Context.resolve().journalPath, 1)
        Serve.execSibling("wlog-sync", arguments)
    }
}

struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "The servers this journal syncs with: wlog remote add NAME URL [--token-file F] | list | remove NAME.")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { try SyncCommand.exec(["remote"] + arguments) }
}
