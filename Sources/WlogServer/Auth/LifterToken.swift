import JWTKit

/// The claims wlog reads from a Supabase access token: `sub` (the lifter's uuid), `aud`, `exp`,
/// `nbf`, and the optional `email`, `role`, `iss` and `session_id` (the last two name a session of
/// this server's accounts, whose liveness is checked on every use).
struct LifterToken: JWTPayload {
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var nbf: NotBeforeClaim?
    var iat: IssuedAtClaim?
    var email: String?
    var role: String?
    var iss: IssuerClaim? = nil
    var session_id: String? = nil

    /// Signature is checked by the key collection; here only the claims that need no key.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
