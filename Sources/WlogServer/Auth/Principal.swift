import Foundation
import JWTKit
import WlogStore

/// Who a request speaks for, from its bearer token (Supabase's roles).
public enum Principal: Sendable, Equatable {
    /// A user token: role `authenticated`, `sub` = the lifter's UUID.
    case lifter(LifterID)
    /// The anon key: role `anon` (no private row is visible).
    case anonymous
    /// The service-role key: role `service_role` (admin routes).
    case serviceRole
}

/// The claims of the project's API keys, as Supabase's are: `{"iss","role","iat","exp"}`, no
/// `sub`, no `aud`. Their `role` is `anon` or `service_role`.
struct APIKeyToken: JWTPayload {
    var iss: IssuerClaim?
    var role: String
    var iat: IssuedAtClaim?
    var exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension TokenVerifier {
    /// The principal a bearer token speaks for: the anon or service-role key (HS256, signed with
    /// the server's secret, `role` `anon`/`service_role`, not expired), else a user token exactly
    /// as `lifter(fromBearer:)` accepts it. 401 otherwise.
    public func principal(fromBearer token: String) async throws -> Principal {
        // A user token accepted before is one lookup (its times and session still checked), not a
        // second decoding of its payload: a client sends the same token with every request.
        if let known = verified.entry(token) { return .lifter(try await lifter(remembered: known)) }
        switch Self.unverifiedRole(of: token) {
        case APIKeys.anonRole?, APIKeys.serviceRole?:
            let claims: APIKeyToken
            do {
                claims = try await keys.verify(token, as: APIKeyToken.self)
            } catch {
                throw APIError.unauthorized("the API key's signature is not valid")
            }
            guard claims.exp.value.addingTimeInterval(leeway) > clock() else { throw APIError.unauthorized("the API key has expired") }
            return claims.role == APIKeys.serviceRole ? .serviceRole : .anonymous
        default:
            return .lifter(try await lifter(fromBearer: token))
        }
    }

    /// The `role` claim of a compact JWT's payload, read without checking anything (to choose
    /// which claims to verify it as).
    static func unverifiedRole(of token: String) -> String? {
        unverifiedClaims(of: token)?["role"] as? String
    }

    /// The payload of a compact JWT, not checked (only for a token already verified, or to
    /// choose how to verify it).
    static func unverifiedClaims(of token: String) -> [String: Any]? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[1]) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }
}
