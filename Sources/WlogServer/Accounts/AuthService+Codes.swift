import Foundation

/// One-time codes and links: magic links and 6-digit codes (`/otp`), confirmations, password
/// recovery (`/recover`), their verification (`/verify`) and PKCE's code exchange.
extension AuthService {
    /// The code kinds a `/verify` `type` may redeem.
    static func kinds(for type: String) throws -> [String] {
        switch type {
        case "email", "magiclink": return ["magiclink", "signup"]
        case "signup", "invite": return ["signup"]
        case "recovery": return ["recovery"]
        case "email_change": return ["email_change"]
        default: throw AuthFailure.validation("type: '\(type)' is not email, magiclink, signup, recovery or email_change")
        }
    }

    /// `POST /otp`: mails a magic link and a 6-digit code (one message). Unknown emails get an
    /// account when `createUser`, else `otp_disabled` (GoTrue's answer).
    func otp(email rawEmail: String?, createUser: Bool, data: [String: Any]?, challenge: String?, link: (String) -> String, peer: String) async throws {
        let email = try Self.normalized(email: rawEmail)
        try throttle(email: email, kind: "mail", peer: peer)
        let now = clock()
        let token: (String, String) = try await store.change { state in
            var records: [AccountRecord] = []
            let account: Account
            if let existing = state.account(email: email) {
                account = existing
            } else {
                guard createUser else { throw AuthFailure(status: .unprocessableContent, code: "otp_disabled", message: "Signups not allowed for otp") }
                account = Account(id: Secrets.uuid(), email: email, passwordHash: nil,
                                  userMetadata: AuthJSON.text(data ?? [:]), createdAt: now, updatedAt: now, confirmedAt: nil)
                if state.accounts[account.id] != nil { throw Self.alreadyExists }
                records.append(.account(account))
            }
            guard !account.disabled else { return ([], ("", "")) }
            let (record, digits, linkToken) = code(kind: "magiclink", user: account.id, challenge: challenge, now: now)
            return (records + [record], (digits, linkToken))
        }
        guard !token.0.isEmpty else { return }
        try await mail(email, subject: "Your wlog sign-in link",
                       body: "Sign in: \(link(token.1 + "&type=magiclink"))\n\nor enter this code: \(token.0)\n\nIt works once, for an hour.\n")
    }

    /// `POST /recover`: mails a recovery link and code; the answer is the same whether the email is known or not.
    func recover(email rawEmail: String?, challenge: String?, link: (String) -> String, peer: String) async throws {
        let email = try Self.normalized(email: rawEmail)
        try throttle(email: email, kind: "mail", peer: peer)
        let now = clock()
        let token: (String, String)? = try await store.change { state in
            guard let account = state.account(email: email), !account.disabled else { return ([], nil) }
            let (record, digits, linkToken) = code(kind: "recovery", user: account.id, challenge: challenge, now: now)
            return ([record], (digits, linkToken))
        }
        guard let token else { return }
        try await mail(email, subject: "Reset your wlog password",
                       body: "Reset your password: \(link(token.1 + "&type=recovery"))\n\nor enter this code: \(token.0)\n\nIt works once, for an hour.\n")
    }

    /// `POST /resend`: mails again a sign-up's confirmation (`type` signup: an account not yet
    /// confirmed) or an email change's (`email_change`: to the new address), each a new code and
    /// link replacing the old. As GoTrue, the answer is `{}` whether or not anything was sent (an
    /// unknown or already confirmed email), so it tells nothing about accounts.
    func resend(type: String?, email rawEmail: String?, link: (String) -> String, peer: String) async throws {
        guard let type, type == "signup" || type == "email_change" else {
            throw AuthFailure.validation("type: '\(type ?? "")' is not signup or email_change (this server has no phones: not sms or phone_change)")
        }
        let email = try Self.normalized(email: rawEmail)
        try throttle(email: email, kind: "mail", peer: peer)
        let now = clock()
        let sent: (to: String, digits: String, token: String)? = try await store.change { state in
            guard let account = state.account(email: email), !account.disabled else { return ([], nil) }
            let newEmail = state.codes[account.id + "/email_change"]?.newEmail
            if type == "signup" ? account.confirmedAt != nil : newEmail == nil { return ([], nil) }
            let (record, digits, token) = code(kind: type, user: account.id, challenge: nil, newEmail: newEmail, now: now)
            return ([record], (newEmail ?? email, digits, token))
        }
        guard let sent else { return }
        let url = link(sent.token + "&type=" + type)
        if type == "signup" {
            try await mailConfirmation(to: sent.to, digits: sent.digits, link: url)
        } else {
            try await mailEmailChange(to: sent.to, digits: sent.digits, link: url)
        }
    }

    /// `GET /reauthenticate`: mails the signed-in user a 6-digit nonce, which a `PUT /user` then
    /// gives as `nonce` beside its new password (GoTrue's secure password change). Refused for an
    /// address not confirmed yet, as GoTrue does.
    func reauthenticate(_ id: String, peer: String) async throws {
        try throttle(email: id, kind: "reauthenticate", peer: peer)
        let now = clock()
        let sent: (String, String) = try await store.change { state in
            guard let account = state.accounts[id], !account.disabled else { throw AuthFailure.userNotFound }
            guard account.confirmedAt != nil else {
                throw AuthFailure(status: .unprocessableContent, code: "email_not_confirmed", message: "Please verify your email first.")
            }
            let (record, digits, _) = code(kind: "reauthentication", user: id, challenge: nil, now: now)
            return ([record], (account.email, digits))
        }
        try await mail(sent.0, subject: "Your wlog reauthentication code", body: "To confirm it is you, enter this code: \(sent.1)\n\nIt works once, for an hour.\n")
    }

    /// The record using up `user`'s reauthentication nonce, or `reauthentication_not_valid` when
    /// `nonce` is not the newest one mailed, unused and unexpired.
    static func reauthenticated(_ user: String, nonce: String, in state: AccountsState, now: Double) throws -> AccountRecord {
        let key = user + "/reauthentication"
        guard let code = state.codes[key], code.expires > now, Secrets.equal(code.codeHash, Secrets.digest(nonce)) else {
            throw AuthFailure(status: .unprocessableContent, code: "reauthentication_not_valid", message: "Requires reauthentication")
        }
        return .removeCode(key)
    }

    /// `POST /verify` with `email` and `token` (the 6 digits) or `token_hash` (the link's token): a Session.
    func verify(type: String, email rawEmail: String?, token: String?, tokenHash: String?, peer: String) async throws -> [String: Any] {
        let kinds = try Self.kinds(for: type)
        let now = clock()
        if let tokenHash, !tokenHash.isEmpty {
            if let wait = perAddress.take(peer) { throw AuthFailure.throttled("requests from this address", retryAfter: wait) }
            return try await redeem(kinds: kinds, now: now) { code, _ in Secrets.equal(code.linkHash, Secrets.digest(tokenHash)) }
        }
        let email = try Self.normalized(email: rawEmail)
        guard let token, !token.isEmpty else { throw AuthFailure.validation("token: missing; give the 6-digit code from the mail") }
        try throttle(email: email, kind: "verify", peer: peer)
        return try await redeem(kinds: kinds, now: now) { code, account in
            account.email == email && Secrets.equal(code.codeHash, Secrets.digest(token))
        }
    }

    /// The session of the first unexpired code of `kinds` that `matches`; the code is used up.
    /// With `flow`, a code asked for by a PKCE client answers an authorization code instead (the link's redirect).
    func redeem(kinds: [String], now: Double, flow: Bool = false,
                matches: (OneTimeCode, Account) -> Bool) async throws -> [String: Any] {
        try await store.change { state in
            guard let (code, account) = state.codes.values.lazy
                .compactMap({ code in state.accounts[code.user].map { (code, $0) } })
                .first(where: { kinds.contains($0.0.kind) && $0.0.expires > now && matches($0.0, $0.1) }), !account.disabled else {
                throw AuthFailure.otpExpired
            }
            var updated = account
            if updated.confirmedAt == nil { updated.confirmedAt = now }
            if code.kind == "email_change", let newEmail = code.newEmail {
                guard state.account(email: newEmail) == nil else { throw Self.alreadyExists }
                updated.email = newEmail
            }
            updated.updatedAt = now
            var records: [AccountRecord] = [.removeCode(code.key), .account(updated)]
            if flow, let challenge = code.codeChallenge {
                let authCode = Secrets.uuid()
                records.append(.flow(FlowCode(hash: Secrets.digest(authCode), user: account.id, codeChallenge: challenge,
                                              method: "s256", expires: now + 300)))
                return (records, ["code": authCode])
            }
            let (opened, session) = openSession(updated, method: code.kind == "recovery" ? "recovery" : "otp", now: now)
            return ([.removeCode(code.key)] + opened, session)
        }
    }

    /// `grant_type=pkce`: the authorization code from a link, with the verifier its challenge was made from.
    func exchange(authCode: String?, verifier: String?) async throws -> [String: Any] {
        guard let authCode, !authCode.isEmpty, let verifier, !verifier.isEmpty else {
            throw AuthFailure.validation("auth_code and code_verifier: both are required")
        }
        let now = clock()
        return try await store.change { state in
            guard let flow = state.flows[Secrets.digest(authCode)], flow.expires > now, let account = state.accounts[flow.user] else {
                throw AuthFailure(status: .notFound, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found")
            }
            guard Secrets.equal(Secrets.pkceChallenge(verifier), flow.codeChallenge) || Secrets.equal(verifier, flow.codeChallenge) else {
                throw AuthFailure(status: .forbidden, code: "bad_code_verifier", message: "code challenge does not match previously saved code verifier")
            }
            let (records, session) = openSession(account, method: "otp", now: now)
            return ([.removeFlow(flow.hash)] + records, session)
        }
    }
}
