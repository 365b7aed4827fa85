import Foundation

/// One account: a lifter who signs in with an email and a password. Its `id` is the lifter id
/// its journal is keyed by (a lower-case UUID). Times are seconds since 1970.
struct Account: Codable, Sendable, Equatable {
    var id: String
    /// Lower case; unique among accounts.
    var email: String
    /// bcrypt (`$2b$…`); nil for an account made by a magic link that never set a password.
    var passwordHash: String?
    /// `user_metadata`: a JSON object's text (`options.data` of a sign-up, `PUT /user`'s `data`).
    var userMetadata: String
    var createdAt: Double
    var updatedAt: Double
    /// nil until the address is confirmed (at once unless `--confirm-email`).
    var confirmedAt: Double?
    var lastSignInAt: Double?
    /// A disabled account cannot sign in and its tokens stop working at once (`banned_until` far away).
    var disabled: Bool = false
}

/// A signed-in session: the `session_id` of its access tokens, which stop working at once when it ends.
struct AuthSession: Codable, Sendable, Equatable {
    var id: String
    var user: String
    var createdAt: Double
    /// How it began (`password`, `otp`, `magiclink`, `recovery`): the token's `amr`.
    var method: String
}

/// A refresh token, stored by the SHA-256 of its text. Used once: presenting it again after it
/// was used ends its session (GoTrue's reuse detection).
struct RefreshToken: Codable, Sendable, Equatable {
    var hash: String
    var session: String
    var used: Bool
}

/// A one-time code mailed to an address: a 6-digit code and a link's token, both stored hashed.
/// The newest of a kind for an account replaces the older one; it works once, until `expires`.
struct OneTimeCode: Codable, Sendable, Equatable {
    /// `magiclink` (also an OTP sign-in), `signup` (confirmation), `recovery`, `email_change`,
    /// `reauthentication` (the nonce of a password change).
    var kind: String
    var user: String
    var codeHash: String
    var linkHash: String
    var expires: Double
    /// The PKCE challenge (S256) of the request that asked for it: the link then answers `?code=`.
    var codeChallenge: String?
    /// The address an `email_change` moves to.
    var newEmail: String?

    var key: String { user + "/" + kind }
}

/// A PKCE authorization code: given for a link clicked by a PKCE client, exchanged once with its verifier.
struct FlowCode: Codable, Sendable, Equatable {
    var hash: String
    var user: String
    var codeChallenge: String
    var method: String
    var expires: Double
}

/// One line of the accounts log: a whole record put (replacing the one with its key) or removed.
enum AccountRecord: Codable, Sendable, Equatable {
    case account(Account)
    case removeAccount(String)
    case session(AuthSession)
    case endSession(String)
    case refresh(RefreshToken)
    case code(OneTimeCode)
    case removeCode(String)
    case flow(FlowCode)
    case removeFlow(String)
}
