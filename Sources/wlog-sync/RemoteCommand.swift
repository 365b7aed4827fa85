import ArgumentParser
import Foundation

/// `wlog remote add|list|remove`: the servers this journal syncs with, in `JOURNAL.remotes`.
struct RemoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote", abstract: "The servers this journal syncs with.",
        subcommands: [Add.self, List.self, Remove.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a server: wlog remote add NAME URL [--token-file F].")
        @OptionGroup var journal: JournalOption
        @Argument(help: "A name for it (e.g. origin).") var name: String
        @Argument(help: "The server's address, e.g. https://wlog.example.com (its /api/v1 is added).") var url: String
        @Option(help: "A file of mode 0600 holding the token (wlog serve token); default $WLOG_TOKEN at each sync.")
        var tokenFile: String?

        func run() async throws {
            try await guarded {
                let local = try journal.resolve()
                var state = try SyncState.load(journal: local.path)
                guard name.range(of: "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$", options: .regularExpression) != nil else {
                    throw SyncError(.usage, "remote name '\(name)' must be 1–64 letters, digits, '.', '_' or '-'")
                }
                guard state.remotes[name] == nil else {
                    throw SyncError(.usage, "a remote named \(name) exists (\(state.remotes[name]?.url ?? "")); remove it first")
                }
                guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                    throw SyncError(.usage, "'\(url)' is not an http(s) address; e.g. https://wlog.example.com")
                }
                var remote = SyncState.Remote(url: url)
                if let tokenFile {
                    let absolute = URL(fileURLWithPath: tokenFile).standardizedFileURL.path
                    _ = try Token.read(file: absolute)
                    remote.tokenFile = absolute
                }
                state.remotes[name] = remote
                try state.save(journal: local.path)
                print("remote \(name): \(url)" + (remote.tokenFile.map { ", token from \($0)" } ?? ", token from $WLOG_TOKEN"))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The remotes, with what was pushed and pulled.")
        @OptionGroup var journal: JournalOption

        func run() async throws {
            try await guarded {
                let state = try SyncState.load(journal: try journal.resolve().path)
                if state.remotes.isEmpty { print("no remotes; add one with `wlog remote add NAME URL`") }
                for (name, remote) in state.remotes.sorted(by: { $0.key < $1.key }) {
                    print("\(name)\t\(remote.url)\tpushed through seq \(remote.pushed)\tpulled through the server's \(remote.pulled)")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a remote (the journal keeps every event).")
        @OptionGroup var journal: JournalOption
        @Argument var name: String

        func run() async throws {
            try await guarded {
                let local = try journal.resolve()
                var state = try SyncState.load(journal: local.path)
                guard state.remotes.removeValue(forKey: name) != nil else {
                    throw SyncError(.usage, "no remote named \(name)")
                }
                try state.save(journal: local.path)
                print("removed remote \(name)")
            }
        }
    }
}

/// The bearer token of a remote: `$WLOG_TOKEN`, else its token file, which must be mode 0600.
enum Token {
    static func read(_ remote: SyncState.Remote) throws -> String {
        if let token = ProcessInfo.processInfo.environment["WLOG_TOKEN"]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty {
            return token
        }
        guard let file = remote.tokenFile else {
            throw SyncError(.usage, "no token: set $WLOG_TOKEN, or add the remote with --token-file F (mode 0600)")
        }
        return try read(file: file)
    }

    static func read(file: String) throws -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
              let data = FileManager.default.contents(atPath: file) else {
            throw SyncError(.usage, "cannot read the token file \(file); check the path")
        }
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard mode & 0o077 == 0 else {
            throw SyncError(.unauthorized, "the token file \(file) is readable by others (mode \(String(mode, radix: 8))); chmod 600 \(file)")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw SyncError(.usage, "the token file \(file) is empty; put a token in it (wlog serve token)") }
        return token
    }
}
