import ArgumentParser
import Foundation
import WlogServer

/// `wlog serve users list|create|disable|enable|delete`: the server's accounts (docs/ACCOUNTS.md), with the server stopped.
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "List, create, disable, enable or delete accounts (stop the server first; while it runs use /auth/v1/admin/users).")

    /// What to do with the accounts; the one list of them (help, parsing and `run` read it).
    enum Action: String, CaseIterable, ExpressibleByArgument {
        case list, create, disable, enable, delete
    }

    @Argument(help: "What to do with the accounts.")
    var action: Action
    @Argument(help: "The account: an email (create: the new one) or an id; not for list.")
    var user: String?
    @Option(help: ServerFolders.dataHelp)
    var data: String?
    @Option(help: "create: the password (default: read from the WLOG_PASSWORD environment variable, so it stays out of the shell history).")
    var password: String?
    @Option(help: "create: attach the account to this existing lifter id (e.g. one `wlog serve token` made).")
    var lifter: String?
    @Flag(help: "delete: confirm that the account AND the lifter's journal are removed for good.")
    var yes = false

    func validate() throws {
        if action != .list, user == nil { throw ValidationError("\(action.rawValue) needs the account: an email or an id") }
    }

    func run() async throws {
        let folder = data ?? defaultDataDirectory()
        do {
            let admin = try await AccountAdmin(data: folder)
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
                guard yes else {
                    throw ValidationError("delete removes the account and the lifter's journal for good: add --yes to confirm")
                }
                print("\(try await admin.delete(user ?? "")) deleted with its journal")
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            FileHandle.standardError.write(Data("wlog serve users: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
