import Foundation
import JWTKit
import WlogStore

/// Checks bearer tokens as Supabase issues them: HS256 with the project's secret (its legacy
/// scheme, and what `wlog serve token` mints) and RS256/ES256 with keys from a JWKS file (its
/// current scheme). A token is accepted only when its `alg` is one of those three and matches
/// the key it names, its signature is good, `exp` is in the future, `nbf` (if any) is past,
/// `aud` contains the expected audience and `sub` is a UUID. A token accepted once is not
/// checked again but for `exp` and `nbf` (`VerifiedTokens`).
public struct TokenVerifier: Sendable {
    let keys: JWTKeyCollection
    /// The `aud` a token must carry (`authenticated`, as Supabase's user tokens do).
    public let audience: String
    /// Seconds of clock skew allowed on `exp` and `nbf`.
    public let leeway: Double
    let clock: @Sendable () -> Date
    /// The tokens already accepted, their signatures not checked again (`exp`/`nbf` always are).
    let verified = VerifiedTokens()
    /// The sessions of this server's accounts: a token they issued (`iss` = `AccessToken.issuer`)
    /// is honoured only while its session is live and its account enabled. Nil: no accounts.
    public var sessions: LiveSessions?
    /// The RS256/ES256 keys at a URL, kept fresh (`--jwks-url`); nil: the JWKS file's, if any.
    public var remote: JWKSSource?

    /// A verifier for an HS256 `secret` and/or the keys of a JWKS document.
    public init(hmacSecret: [UInt8]?, jwks: String?, audience: String = "authenticated", leeway: Double = 30,
                clock: @escaping @Sendable () -> Date = { Date() }) async throws {
        let keys = JWTKeyCollection()
        if let hmacSecret {
            await keys.add(hmac: HMACKey(from: hmacSecret), digestAlgorithm: .sha256)
        }
        if let jwks {
            try await keys.add(jwksJSON: jwks)
        }
        self.keys = keys
        self.audience = audience
        self.leeway = leeway
        self.clock = clock
    }

    /// The lifter a token names, or a 401 saying what is wrong with it (never which part of a
    /// signature failed).
    public func lifter(fromBearer token: String) async throws -> LifterID {
        if let known = verified.entry(token) { return try await lifter(remembered: known) }
        guard let header = Self.header(of: token) else { throw APIError.unauthorized("the bearer token is not a JWT") }
        guard let alg = header["alg"] as? String, ["HS256", "RS256", "ES256"].contains(alg) else {
            throw APIError.unauthorized("the token's algorithm is not accepted (HS256, RS256 or ES256)")
        }
        let claims: LifterToken
        do {
            if alg != "HS256", let remote {
                claims = try await remote.verify(token, kid: header["kid"] as? String)
            } else {
                claims = try await keys.verify(token, as: LifterToken.self)
            }
        } catch {
            throw APIError.unauthorized("the token's signature is not valid")
        }
        try checkTimes(expires: claims.exp.value, notBefore: claims.nbf?.value)
        guard claims.aud.value.contains(audience) else {
            throw APIError.unauthorized("the token is not for this audience (aud must include \(audience))")
        }
        guard let lifter = LifterID(claims.sub.value) else {
            throw APIError.unauthorized("the token's subject is not a user id (a UUID)")
        }
        // An API key's role (anon, service_role) never speaks for a lifter, whatever else it claims.
        if let role = claims.role, role != "authenticated" {
            throw APIError.unauthorized("the token's role is \(role); a lifter's token has role authenticated")
        }
        let session = claims.iss?.value == AccessToken.issuer ? (claims.session_id ?? "") : nil
        try await checkLive(lifter, session: session)
        verified.remember(token, VerifiedTokens.Entry(lifter: lifter, expires: claims.exp.value, notBefore: claims.nbf?.value,
                                                      session: session))
        return lifter
    }

    /// The lifter of a token accepted before, checked as every use is: `exp`, `nbf`, the session.
    func lifter(remembered known: VerifiedTokens.Entry) async throws -> LifterID {
        try checkTimes(expires: known.expires, notBefore: known.notBefore)
        try await checkLive(known.lifter, session: known.session)
        return known.lifter
    }

    /// 401 when the token's session was signed out or its account disabled or deleted.
    private func checkLive(_ lifter: LifterID, session: String?) async throws {
        guard let sessions, await !sessions.allowsAnywhere(lifter, session: session) else { return }
        throw APIError.unauthorized("the session of this token has ended (signed out, or the account is disabled); sign in again")
    }

    /// 401 unless the clock is between `notBefore` and `expires`, give or take `leeway`.
    private func checkTimes(expires: Date, notBefore: Date?) throws {
        let now = clock()
        guard expires.addingTimeInterval(leeway) > now else { throw APIError.unauthorized("the token has expired") }
        if let notBefore, notBefore.addingTimeInterval(-leeway) > now {
            throw APIError.unauthorized("the token is not valid yet")
        }
    }

    /// The JOSE header of a compact JWT, without checking anything else.
    static func header(of token: String) -> [String: Any]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[0]),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object
    }
}

/// Base64url without padding, as JWTs use it.
enum Base64URL {
    static func decode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    static func encode(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
