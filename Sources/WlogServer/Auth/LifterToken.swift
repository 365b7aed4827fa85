import JWTKit

/// The claims wlog reads from a Supabase access token: `sub` (the lifter's uuid), `aud`, `exp`,
/// `nbf`, and the optional `email` and `role`.
struct LifterToken: JWTPayload {
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var nbf: NotBeforeClaim?
    var iat: IssuedAtClaim?
    var email: String?
    var role: String?

    /// Signature is checked by the key collection; here only the claims that need no key.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
