import Foundation
import Logging

/// Supabase Auth's operations over the accounts store: sign-up, sign-in, refresh-token rotation,
/// sign-out, one-time codes and links, password recovery. Answers are GoTrue's JSON objects
/// (`AuthJSON`); failures are `AuthFailure`s with GoTrue's codes. The HTTP face is `AuthRoutes`.
struct AuthService: Sendable {
    let store: AccountStore
    let passwords: Passwords
    let secret: [UInt8]
    let mailer: Mailer
    let configuration: AccountsConfiguration
    /// Attempts per email (`signin:`/`mail:` + email) and per client address.
    let perEmail: RateLimiter
    let perAddress: RateLimiter
    let clock: @Sendable () -> Double
    /// How long a mailed code or link works.
    static let codeLifetime: Double = 3600

    init(store: AccountStore, secret: [UInt8], configuration: AccountsConfiguration, logger: Logger, outbox: String,
         clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.store = store
        self.secret = secret
        self.configuration = configuration
        passwords = Passwords(cost: configuration.bcryptCost)
        mailer = Mailer(relay: try configuration.relay(), outbox: outbox, from: configuration.mailFrom,
                        logger: logger)
        perEmail = RateLimiter(rate: 1 / configuration.emailRefill, burst: configuration.emailBurst)
        perAddress = RateLimiter(rate: 1 / configuration.addressRefill, burst: configuration.addressBurst)
        self.clock = clock
    }

    // MARK: throttles and checks

    func throttle(email: String, kind: String, peer: String) throws {
        if let wait = perAddress.take(peer) { throw AuthFailure.throttled("requests from this address", retryAfter: wait) }
        if let wait = perEmail.take(kind + ":" + email) { throw AuthFailure.throttled("attempts for this email", retryAfter: wait) }
    }

    static func normalized(email: String?) throws -> String {
        let email = (email ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@")
        guard parts.count == 2, parts[1].contains("."), email.utf8.count <= 255, !email.contains(where: \.isWhitespace) else {
            throw AuthFailure(status: .badRequest, code: "email_address_invalid",
                              message: "email: '\(email.prefix(100))' is not an email address (name@example.com)")
        }
        return email
    }

    static func checkStrength(_ password: String?) throws -> String {
        guard let password, !password.isEmpty else { throw AuthFailure.validation("password: missing; give the account's password") }
        guard password.utf8.count <= Passwords.maximumLength else {
            throw AuthFailure.validation("password: longer than \(Passwords.maximumLength) bytes; bcrypt reads no further — use a shorter one")
        }
        let reasons = Passwords.weaknesses(password)
        guard reasons.isEmpty else {
            throw AuthFailure(status: .unprocessableContent, code: "weak_password",
                              message: "Password should be at least \(Passwords.minimumLength) characters and mix two of: lower case, upper case, digits, symbols",
                              reasons: reasons)
        }
        return password
    }

    // MARK: sessions

    /// Records of a new session for `account` and its first refresh token, and the Session JSON.
    func openSession(_ account: Account, method: String, now: Double) -> ([AccountRecord], [String: Any]) {
        var account = account
        account.lastSignInAt = now
        let session = AuthSession(id: Secrets.uuid(), user: account.id, createdAt: now, method: method)
        let refresh = Secrets.token(bytes: 16)
        let records: [AccountRecord] = [.account(account), .session(session),
                                        .refresh(RefreshToken(hash: Secrets.digest(refresh), session: session.id, used: false))]
        return (records, AuthJSON.session(account: account, session: session, refreshToken: refresh, secret: secret, now: now))
    }

    func signUp(email rawEmail: String?, password rawPassword: String?, data: [String: Any]?, challenge: String?, site: String) async throws -> [String: Any] {
        let email = try Self.normalized(email: rawEmail)
        let password = try Self.checkStrength(rawPassword)
        if try await store.read({ $0.account(email: email) }) != nil { throw Self.alreadyExists }
        let hash = await passwords.hash(password)
        let now = clock()
        let confirm = configuration.confirmEmail
        var mailCode: (String, String)?
        let answer: [String: Any] = try await store.change { state in
            if state.account(email: email) != nil { throw Self.alreadyExists }
            // A new lifter id: never the one `wlog serve token --user EMAIL` derives, or whoever signs up first with
            // that address would get that lifter's journal (the operator attaches one: `users create --lifter`).
            let account = Account(id: Secrets.uuid(), email: email, passwordHash: hash,
                                  userMetadata: AuthJSON.text(data ?? [:]), createdAt: now, updatedAt: now,
                                  confirmedAt: confirm ? nil : now)
            if state.accounts[account.id] != nil { throw Self.alreadyExists }
            if confirm {
                let (record, code, link) = self.code(kind: "signup", user: account.id, challenge: challenge, now: now)
                mailCode = (code, link)
                return ([.account(account), record], AuthJSON.user(account))
            }
            return self.openSession(account, method: "password", now: now)
        }
        if let (code, link) = mailCode {
            try await mailConfirmation(to: email, digits: code, link: "\(site)/auth/v1/verify?token=\(link)&type=signup")
        }
        return answer
    }

    static let alreadyExists = AuthFailure(status: .unprocessableContent, code: "user_already_exists", message: "User already registered")

    func signIn(email rawEmail: String?, password: String?, peer: String) async throws -> [String: Any] {
        guard let password, !password.isEmpty else { throw AuthFailure.validation("password: missing; give the account's password") }
        let email = (rawEmail ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !email.isEmpty else { throw AuthFailure.validation("email: missing; give the account's email") }
        try throttle(email: email, kind: "signin", peer: peer)
        let account = try await store.read { $0.account(email: email) }
        // An unknown email checks a dummy hash: the same answer in the same time as a wrong password.
        let matches = await passwords.verify(password, hash: account?.passwordHash)
        guard matches, let account, !account.disabled else { throw AuthFailure.invalidCredentials }
        guard account.confirmedAt != nil else {
            throw AuthFailure(status: .badRequest, code: "email_not_confirmed", message: "Email not confirmed")
        }
        let now = clock()
        return try await store.change { state in
            guard let current = state.accounts[account.id], current.passwordHash == account.passwordHash else { throw AuthFailure.invalidCredentials }
            return openSession(current, method: "password", now: now)
        }
    }

    /// `grant_type=refresh_token`: the token works once and is replaced; a used one ends its session.
    func refresh(_ token: String?) async throws -> [String: Any] {
        guard let token, !token.isEmpty else { throw AuthFailure.validation("refresh_token: missing") }
        let hash = Secrets.digest(token)
        let now = clock()
        return try await store.change { state -> ([AccountRecord], Result<[String: Any], AuthFailure>) in
            guard let stored = state.refresh[hash], let session = state.sessions[stored.session],
                  let account = state.accounts[session.user] else {
                return ([], .failure(.refreshNotFound))
            }
            if stored.used {
                // Reuse of a rotated token: someone else holds the session; end it.
                return ([.endSession(session.id)],
                        .failure(AuthFailure(status: .badRequest, code: "refresh_token_already_used",
                                             message: "Invalid Refresh Token: Already Used; the session was ended")))
            }
            guard !account.disabled else { return ([.endSession(session.id)], .failure(AuthFailure.invalidCredentials)) }
            var used = stored
            used.used = true
            let next = Secrets.token(bytes: 16)
            let records: [AccountRecord] = [.refresh(used), .refresh(RefreshToken(hash: Secrets.digest(next), session: session.id, used: false))]
            return (records, .success(AuthJSON.session(account: account, session: session, refreshToken: next, secret: secret, now: now)))
        }.get()
    }

    /// `POST /logout?scope=`: `local` ends this session, `others` every other, `global` all.
    func logout(user: String, session: String, scope: String) async throws {
        guard ["global", "local", "others"].contains(scope) else {
            throw AuthFailure.validation("scope: '\(scope)' is not global, local or others")
        }
        try await store.change { state in
            let ended = state.sessions(of: user).filter { scope == "global" || (scope == "local") == ($0.id == session) }
            return (ended.map { AccountRecord.endSession($0.id) }, ())
        }
    }

    // MARK: mail

    /// A new one-time code of `kind` for `user`: its record, the 6 digits and the link's token.
    func code(kind: String, user: String, challenge: String?, newEmail: String? = nil, now: Double) -> (AccountRecord, String, String) {
        let digits = Secrets.sixDigits()
        let link = Secrets.token(bytes: 20)
        let code = OneTimeCode(kind: kind, user: user, codeHash: Secrets.digest(digits), linkHash: Secrets.digest(link),
                               expires: now + Self.codeLifetime, codeChallenge: challenge, newEmail: newEmail)
        return (.code(code), digits, link)
    }

    /// The mail confirming a new account's address (sign-up with `--confirm-email`, `/resend`).
    func mailConfirmation(to email: String, digits: String, link: String) async throws {
        try await mail(email, subject: "Confirm your wlog account", body: "Confirm your address: \(link)\n\nor enter this code: \(digits)\n")
    }

    /// The mail confirming an email change, sent to the new address (`PUT /user`, `/resend`).
    func mailEmailChange(to email: String, digits: String, link: String) async throws {
        try await mail(email, subject: "Confirm your new wlog email", body: "Confirm: \(link)\n\nor enter this code: \(digits)\n")
    }

    func mail(_ to: String, subject: String, body: String) async throws {
        do {
            try await mailer.send(to: to, subject: subject, body: body)
        } catch {
            mailer.logger.error("mail not sent", metadata: ["to": "\(to)", "error": "\(error)"])
            throw AuthFailure(status: .internalServerError, code: "unexpected_failure", message: "Error sending email; try again later")
        }
    }
}
