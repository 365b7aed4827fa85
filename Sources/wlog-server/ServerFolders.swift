import ArgumentParser
import Foundation

/// Where `wlog serve`'s commands find the server's data folder and the lifters' events: the one
/// help text of `--data` and `--store`, and the one rule for the database `--store` names.
enum ServerFolders {
    /// `--data`'s help, the same on every subcommand that takes it.
    static let dataHelp: ArgumentHelp = "The data folder (default $XDG_DATA_HOME/wlog/server)."

    /// `--store`'s help, the same on every subcommand that takes it.
    static let storeHelp: ArgumentHelp =
        "postgres://USER[:PASSWORD]@HOST[:PORT]/DB: the lifters' events in PostgreSQL (default $WLOG_DATABASE_URL, else the data folder's journals)."

    /// The database the events live in: `store` when given, else `$WLOG_DATABASE_URL` when set and
    /// not empty; nil for the embedded journals.
    static func databaseURL(store: String?) -> String? {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment["WLOG_DATABASE_URL"]
        return environment?.isEmpty == false ? environment : nil
    }
}

/// `--data` and `--store` of the subcommands that open the lifters' events (`users`,
/// `import-plates`), with the folder and database they resolve to.
struct ServerStoreOptions: ParsableArguments {
    @Option(help: ServerFolders.dataHelp)
    var data: String?
    @Option(help: ServerFolders.storeHelp)
    var store: String?

    /// `--data`, else the default data folder.
    var folder: String { data ?? defaultDataDirectory() }

    /// The database `--store` or the environment names (`ServerFolders.databaseURL`); nil for the journals.
    var databaseURL: String? { ServerFolders.databaseURL(store: store) }
}
