import Foundation
import JWTKit
import WlogStore

/// Who a request speaks for, from its bearer token (Supabase's roles).
public enum Principal: Sendable, Equatable {
    case lifter(LifterID)   // a user token: role "authenticated", sub = the lifter's UUID
    case anonymous          // the anon key: role "anon" (no private row is visible)
    case serviceRole        // the service-role key: role "service_role" (admin routes)
}

/// The claims of a project key (the anon and service-role keys): HS256 with the server's secret,
/// `{"iss":"wlog","role":"anon"|"service_role","iat","exp"}`, as Supabase's keys are.
struct ProjectKeyToken: JWTPayload {
    var iss: IssuerClaim
    var role: String
    var exp: ExpirationClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

extension TokenVerifier {
    /// The principal a bearer token names: a project key (by its `role` claim, signature and
    /// expiry checked) or a user's access token (`lifter(fromBearer:)`'s checks); 401 otherwise.
    public func principal(fromBearer token: String) async throws -> Principal {
        guard let role = Self.unverifiedRole(of: token), role == "anon" || role == "service_role" else {
            return .lifter(try await lifter(fromBearer: token))
        }
        let claims: ProjectKeyToken
        do {
            claims = try await keys.verify(token, as: ProjectKeyToken.self)
        } catch {
            throw APIError.unauthorized("the key's signature is not valid")
        }
        guard claims.iss.value == "wlog" else { throw APIError.unauthorized("the key was not issued by this server (iss must be wlog)") }
        guard claims.exp.value.addingTimeInterval(leeway) > clock() else { throw APIError.unauthorized("the key has expired") }
        return role == "anon" ? .anonymous : .serviceRole
    }

    /// The `role` claim of a compact JWT, read without checking anything (to choose the checks).
    static func unverifiedRole(of token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[1]),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["role"] as? String
    }
}
