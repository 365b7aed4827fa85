import Foundation
import WlogStore

/// `wlog serve users list|create|disable|enable|delete`: the accounts, for the operator. On the
/// embedded store, with the server stopped (a running server holds `accounts.log`; opening it
/// then refuses, naming `/auth/v1/admin/users` as the way while it runs). On the PostgreSQL store
/// the accounts' table is shared, so changes land while servers run and they fold them at once.
public struct AccountAdmin: Sendable {
    let store: AccountStore
    /// Removes a deleted account's lifter data (its id given).
    let removeLifter: @Sendable (String) async throws -> Void

    /// One line of `users list`.
    public struct Row: Sendable {
        public var id: String
        public var email: String
        public var confirmed: Bool
        public var disabled: Bool
        public var sessions: Int
    }

    /// The embedded store's accounts (`DATA/accounts.log`); a deleted account's lifter journal is
    /// `DATA/users/<id>`.
    public init(data: String) async throws {
        try await self.init(log: try AccountsFile(data: data)) { id in
            let folder = data + "/users/" + id
            if FileManager.default.fileExists(atPath: folder) { try FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// The accounts of `log` (the PostgreSQL store's `wlog_accounts`); `removeLifter` removes a
    /// deleted account's events.
    public init(log: any RecordLog, removeLifter: @escaping @Sendable (String) async throws -> Void) async throws {
        store = try await AccountStore(log: log, live: LiveSessions())
        self.removeLifter = removeLifter
    }

    /// Lets go of the log (its lock, its listener).
    public func close() async {
        await store.release()
    }

    public func list() async throws -> [Row] {
        try await store.read { state in
            state.accounts.values.sorted { $0.email < $1.email }.map {
                Row(id: $0.id, email: $0.email, confirmed: $0.confirmedAt != nil, disabled: $0.disabled, sessions: state.sessions(of: $0.id).count)
            }
        }
    }

    /// A confirmed account for `email` with `password`; `lifter` attaches it to an existing lifter
    /// (e.g. one `wlog serve token` made). Answers its id; throws the rule a value broke.
    public func create(email: String, password: String, lifter: String?, cost: UInt8 = 10) async throws -> String {
        let email = try AuthService.normalized(email: email)
        let password = try AuthService.checkStrength(password)
        let id = lifter?.lowercased() ?? ServerSecret.lifter(forUser: email).uuid
        guard LifterID(id) != nil else { throw AuthFailure.validation("--lifter '\(id)' is not a UUID") }
        let hash = await Passwords(cost: cost).hash(password)
        let now = Date().timeIntervalSince1970
        return try await store.change { state in
            guard state.account(email: email) == nil, state.accounts[id] == nil else { throw AuthService.alreadyExists }
            return ([.account(Account(id: id, email: email, passwordHash: hash, userMetadata: "{}", createdAt: now, updatedAt: now,
                                      confirmedAt: now))], id)
        }
    }

    /// Disables (or enables) the account of `user` (an email or an id); disabling ends its sessions.
    public func setDisabled(_ user: String, _ disabled: Bool) async throws -> String {
        try await store.change { state in
            guard var account = Self.find(user, in: state) else { throw AuthFailure.userNotFound }
            account.disabled = disabled
            account.updatedAt = Date().timeIntervalSince1970
            let ended = disabled ? state.sessions(of: account.id).map { AccountRecord.endSession($0.id) } : []
            return ([.account(account)] + ended, account.id)
        }
    }

    /// Removes the account of `user` (its sessions end everywhere at once), then the lifter's data:
    /// seed 004 §10's "Delete account".
    public func delete(_ user: String) async throws -> String {
        let id: String = try await store.change { state in
            guard let account = Self.find(user, in: state) else { throw AuthFailure.userNotFound }
            return ([.removeAccount(account.id)], account.id)
        }
        try await removeLifter(id)
        return id
    }

    static func find(_ user: String, in state: AccountsState) -> Account? {
        state.accounts[user.lowercased()] ?? state.account(email: user)
    }
}

extension AuthFailure: CustomStringConvertible {
    var description: String { message }
}
