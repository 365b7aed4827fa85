import ArgumentParser
import Foundation
import WlogSibling

/// `wlog sync` and `wlog remote` (issue 15): the journal's events exchanged with a wlog server's
/// change feed. `wlog` runs this executable (as `wlog serve` runs `wlog-server`), so the CLI never
/// loads an HTTP client; the journal is read and written through `wlog` itself.
@main
struct WlogSync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wlog-sync", abstract: "Sync a wlog journal with a wlog server (wlog sync, wlog remote).",
        subcommands: [SyncCommand.self, RemoteCommand.self])
}

/// The journal: `--journal`, else `$WLOG_SYNC_JOURNAL` (set by `wlog`, which resolved it).
struct JournalOption: ParsableArguments {
    @Option(name: [.short, .customLong("journal")], help: "The journal (wlog passes the one it resolved).")
    var journal: String?

    func resolve() throws -> LocalJournal {
        guard let path = journal ?? ProcessInfo.processInfo.environment["WLOG_SYNC_JOURNAL"], !path.isEmpty else {
            throw SyncError(.usage, "no journal given; run it as `wlog sync` or pass --journal PATH")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw SyncError(.noJournal, "no journal at \(path); create one with `wlog init`")
        }
        return LocalJournal(path: path, wlog: SiblingWlog())
    }
}

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Push the events the server lacks, pull the ones the journal lacks.")

    @OptionGroup var journal: JournalOption
    @Argument(help: "The remote (default: the only one).") var remote: String?
    @Flag(help: "Show what would move, change nothing.") var dryRun = false

    func run() async throws {
        try await guarded {
            let local = try journal.resolve()
            let state = try SyncState.load(journal: local.path)
            let name = try remote ?? state.onlyRemote()
            guard let entry = state.remotes[name] else {
                throw SyncError(.usage, "no remote named \(name); add it with `wlog remote add \(name) URL`")
            }
            let client = RemoteClient(url: entry.url, token: try Token.read(entry))
            var synchronizer = Synchronizer(journal: local, client: client, name: name, state: state)
            let report = try await synchronizer.run(dryRun: dryRun)
            if dryRun {
                print("\(name): would push \(report.pushed) event(s), would pull \(report.pulled) event(s) (\(report.alreadyHere) already here); nothing changed")
            } else {
                print("\(name): pushed \(report.pushed) event(s) (\(report.alreadyThere) already there), pulled \(report.pulled) event(s) (\(report.alreadyHere) already here)")
            }
        }
    }
}

extension SyncState {
    func onlyRemote() throws -> String {
        guard remotes.count == 1, let name = remotes.keys.first else {
            throw SyncError(.usage, remotes.isEmpty ? "no remote yet; add one with `wlog remote add NAME URL`"
                : "several remotes (\(remotes.keys.sorted().joined(separator: ", "))); name one: `wlog sync NAME`")
        }
        return name
    }
}

/// Runs `body`, printing a `SyncError` as `wlog: error: …` and exiting with its status.
func guarded(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as SyncError {
        FileHandle.standardError.write(Data(("wlog: error: " + error.message + "\n").utf8))
        exit(error.status.rawValue)
    }
}

