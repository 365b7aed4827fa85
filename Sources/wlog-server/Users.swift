import ArgumentParser
import Foundation
import Logging
import WlogPostgres
import WlogServer
import WlogStore

/// `wlog serve users list|create|disable|enable|delete`: the server's accounts (docs/ACCOUNTS.md): in the
/// data folder with the server stopped, or in the PostgreSQL store's table while servers run (but delete).
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List, create, disable, enable or delete accounts.",
        discussion: """
            The data folder's accounts: stop the server first (while it runs use /auth/v1/admin/users). The PostgreSQL \
            store's accounts (--store or $WLOG_DATABASE_URL): while servers run, but delete, which removes the lifter's \
            events too: stop the servers first.
            """)

    /// What to do with the accounts; the one list of them (help, parsing and `run` read it).
    enum Action: String, CaseIterable, ExpressibleByArgument {
        case list, create, disable, enable, delete
    }

    @Argument(help: "What to do with the accounts.")
    var action: Action
    @Argument(help: "The account: an email (create: the new one) or an id; not for list.")
    var user: String?
    @OptionGroup var stores: ServerStoreOptions
    @Option(help: "create: the password (default: read from the WLOG_PASSWORD environment variable, so it stays out of the shell history).")
    var password: String?
    @Option(help: "create: attach the account to this existing lifter id (e.g. one `wlog serve token` made).")
    var lifter: String?
    @Flag(help: "delete: confirm that the account AND the lifter's journal are removed for good.")
    var yes = false

    func validate() throws {
        if action != .list, user == nil { throw ValidationError("\(action.rawValue) needs the account: an email or an id") }
        if action == .delete, !yes {
            throw ValidationError("delete removes the account and the lifter's journal for good: add --yes to confirm")
        }
    }

    func run() async throws {
        var database: PostgresStore?
        var opened: AccountAdmin?
        do {
            let admin: AccountAdmin
            (admin, database) = try await Self.accounts(data: stores.folder, databaseURL: stores.databaseURL,
                                                        removing: action == .delete)
            opened = admin
            switch action {
            case .list:
                for row in try await admin.list() {
                    print("\(row.id)  \(row.email)  \(row.confirmed ? "confirmed" : "unconfirmed")  \(row.disabled ? "disabled" : "enabled")  \(row.sessions) sessions")
                }
            case .create:
                guard let password = password ?? ProcessInfo.processInfo.environment["WLOG_PASSWORD"], !password.isEmpty else {
                    throw ValidationError("create needs a password: --password or the WLOG_PASSWORD environment variable")
                }
                print(try await admin.create(email: user ?? "", password: password, lifter: lifter))
            case .disable, .enable:
                print("\(try await admin.setDisabled(user ?? "", action == .disable)) \(action.rawValue)d")
            case .delete:
                print("\(try await admin.delete(user ?? "")) deleted with its \(database == nil ? "journal" : "events")")
            }
            await admin.close()
            await database?.close()
        } catch let error as ValidationError {
            await opened?.close()
            await database?.close()
            throw error
        } catch {
            await opened?.close()
            await database?.close()
            FileHandle.standardError.write(Data("wlog serve users: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The accounts of the data folder, or of the PostgreSQL store at `databaseURL` (with the store,
    /// for removing a deleted account's events; `removing`: refused while servers listen on it).
    static func accounts(data: String, databaseURL: String?, removing: Bool = false) async throws -> (AccountAdmin, PostgresStore?) {
        guard let databaseURL else { return (try await AccountAdmin(data: data), nil) }
        var logger = Logger(label: "wlog.users")
        logger.logLevel = .warning
        let url = try DatabaseURL(databaseURL)
        if removing {
            let servers = try await PostgresStore.listeningServers(at: url, logger: logger)
            guard servers == 0 else {
                throw StoreError.unavailable("""
                    \(servers) server\(servers == 1 ? " is" : "s are") running on \(url) (listening for commits): delete removes the \
                    lifter's events, which a running server holds in memory; stop the servers first (to remove only the account \
                    while they run: DELETE /auth/v1/admin/users/ID with the service-role key)
                    """)
            }
        }
        let database = try await PostgresStore.connect(url, logger: logger)
        do {
            guard let log = try await database.accountsLog() else { throw StoreError.unavailable("\(url) keeps no accounts") }
            let admin = try await AccountAdmin(log: log) { id in
                if let lifter = LifterID(id) { _ = try await database.removeEvents(of: lifter) }
            }
            return (admin, database)
        } catch {
            await database.close()
            throw error
        }
    }
}
