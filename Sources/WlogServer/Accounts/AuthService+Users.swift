import Foundation
import WlogStore

/// The signed-in user's own account (`GET`/`PUT /user`) and the operator's (`/admin/…`).
extension AuthService {
    func user(_ id: String) async throws -> [String: Any] {
        guard let account = try await store.read({ $0.accounts[id] }), !account.disabled else { throw AuthFailure.userNotFound }
        return AuthJSON.user(account)
    }

    /// `PUT /user`: `password`, `email` (changed at once unless `--confirm-email`: then a link
    /// to the new address confirms it), `data` (merged into `user_metadata`, top-level keys).
    func updateUser(_ id: String, body: [String: Any], link: (String) -> String) async throws -> [String: Any] {
        let password = try (body["password"] as? String).map { try Self.checkStrength($0) }
        let email = try (body["email"] as? String).map { try Self.normalized(email: $0) }
        let data = body["data"] as? [String: Any]
        let nonce = body["nonce"] as? String
        let hash: String? = if let password { await passwords.hash(password) } else { nil }
        let now = clock()
        var mailTo: (String, String, String)?
        let answer: [String: Any] = try await store.change { state in
            guard var account = state.accounts[id], !account.disabled else { throw AuthFailure.userNotFound }
            var records: [AccountRecord] = []
            if let nonce { records.append(try Self.reauthenticated(id, nonce: nonce, in: state, now: now)) }
            if let hash { account.passwordHash = hash }
            if let data {
                var metadata = AuthJSON.object(account.userMetadata)
                metadata.merge(data) { _, new in new }
                account.userMetadata = AuthJSON.text(metadata)
            }
            if let email, email != account.email {
                guard state.account(email: email) == nil else {
                    throw AuthFailure(status: .unprocessableContent, code: "email_exists", message: "A user with this email address has already been registered")
                }
                if configuration.confirmEmail {
                    let (record, digits, token) = code(kind: "email_change", user: id, challenge: nil, newEmail: email, now: now)
                    records.append(record)
                    mailTo = (email, digits, token)
                } else {
                    account.email = email
                }
            }
            account.updatedAt = now
            return (records + [.account(account)], AuthJSON.user(account))
        }
        if let (to, digits, token) = mailTo {
            try await mailEmailChange(to: to, digits: digits, link: link(token + "&type=email_change"))
        }
        return answer
    }

    /// `POST /admin/users`: an account made by the operator (`email_confirm` true confirms it at
    /// once; `id` attaches it to an existing lifter, e.g. one `wlog serve token` made).
    func adminCreate(body: [String: Any]) async throws -> [String: Any] {
        let email = try Self.normalized(email: body["email"] as? String)
        let password = try (body["password"] as? String).map { try Self.checkStrength($0) }
        let id = (body["id"] as? String)?.lowercased() ?? ServerSecret.lifter(forUser: email).uuid
        guard LifterID(id) != nil else { throw AuthFailure.validation("id: '\(id.prefix(60))' is not a UUID") }
        let hash: String? = if let password { await passwords.hash(password) } else { nil }
        let now = clock()
        return try await store.change { state in
            guard state.account(email: email) == nil, state.accounts[id] == nil else {
                throw AuthFailure(status: .unprocessableContent, code: "email_exists", message: "A user with this email address has already been registered")
            }
            let account = Account(id: id, email: email, passwordHash: hash,
                                  userMetadata: AuthJSON.text(body["user_metadata"] as? [String: Any] ?? [:]), createdAt: now, updatedAt: now,
                                  confirmedAt: (body["email_confirm"] as? Bool ?? false) ? now : nil)
            return ([.account(account)], AuthJSON.user(account))
        }
    }

    /// `PUT /admin/users/{id}`: `password`, `email`, `user_metadata`, `email_confirm`,
    /// `ban_duration` ("none" enables; any other duration disables until enabled again).
    func adminUpdate(_ id: String, body: [String: Any]) async throws -> [String: Any] {
        let password = try (body["password"] as? String).map { try Self.checkStrength($0) }
        let hash: String? = if let password { await passwords.hash(password) } else { nil }
        let now = clock()
        return try await store.change { state in
            guard var account = state.accounts[id] else { throw AuthFailure.userNotFound }
            if let hash { account.passwordHash = hash }
            if let email = body["email"] as? String { account.email = try Self.normalized(email: email) }
            if let metadata = body["user_metadata"] as? [String: Any] { account.userMetadata = AuthJSON.text(metadata) }
            if body["email_confirm"] as? Bool == true, account.confirmedAt == nil { account.confirmedAt = now }
            if let ban = body["ban_duration"] as? String { account.disabled = ban != "none" }
            account.updatedAt = now
            var records: [AccountRecord] = [.account(account)]
            if account.disabled { records += state.sessions(of: id).map { .endSession($0.id) } }
            return (records, AuthJSON.user(account))
        }
    }

    /// `DELETE /admin/users/{id}`: the account, its sessions and codes (the lifter's journal stays;
    /// `wlog serve users delete` removes that too).
    func adminDelete(_ id: String) async throws {
        try await store.change { state in
            guard state.accounts[id] != nil else { throw AuthFailure.userNotFound }
            return ([.removeAccount(id)], ())
        }
    }

    func adminList() async throws -> [String: Any] {
        let users = try await store.read { $0.accounts.values.sorted { $0.createdAt < $1.createdAt }.map(AuthJSON.user) }
        return ["users": users, "aud": "authenticated"]
    }

    /// `POST /admin/generate_link`: the link and code a mail would carry, answered instead of mailed.
    func generateLink(body: [String: Any], link: (String) -> String) async throws -> [String: Any] {
        let type = body["type"] as? String ?? ""
        let email = try Self.normalized(email: body["email"] as? String)
        let kind: String
        switch type {
        case "signup":
            if try await store.read({ $0.account(email: email) }) == nil {
                var create = body
                create["user_metadata"] = body["data"]
                _ = try await adminCreate(body: create)
            }
            kind = "signup"
        case "magiclink", "recovery": kind = type
        default: throw AuthFailure.validation("type: '\(type)' is not signup, magiclink or recovery")
        }
        let now = clock()
        let (account, digits, token): (Account, String, String) = try await store.change { state in
            guard let account = state.account(email: email) else { throw AuthFailure.userNotFound }
            let (record, digits, token) = code(kind: kind, user: account.id, challenge: nil, now: now)
            return ([record], (account, digits, token))
        }
        var answer = AuthJSON.user(account)
        answer["action_link"] = link(token + "&type=" + kind)
        answer["email_otp"] = digits
        answer["hashed_token"] = token
        answer["verification_type"] = kind
        answer["redirect_to"] = body["redirect_to"] as? String ?? configuration.siteURL ?? ""
        return answer
    }
}

