import Hummingbird

/// Authenticates every API request by its `Authorization: Bearer <JWT>` and rate-limits it: by
/// the peer's address before the token is looked at (so a flood of bad tokens is throttled too),
/// then by the token's lifter.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = LifterRequestContext
    let verifier: TokenVerifier
    let perAddress: RateLimiter
    let perLifter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try perAddress.check(context.peer, what: "address")
        guard let header = request.headers.value(of: .authorization) else {
            throw APIError.unauthorized("a bearer token is required (Authorization: Bearer <token>)")
        }
        guard let token = Self.bearerToken(header) else {
            throw APIError.unauthorized("the Authorization header must be \"Bearer <token>\"")
        }
        let lifter = try await verifier.lifter(fromBearer: token)
        try perLifter.check(lifter.uuid, what: "user")
        var context = context
        context.lifter = lifter
        return try await next(request, context)
    }

    /// The token of an `Authorization` header `Bearer <token>` (the scheme in any case), trimmed;
    /// nil when the header is not that. The common `Bearer ` prefix is taken without splitting.
    static func bearerToken(_ header: String) -> String? {
        if header.utf8.starts(with: "Bearer ".utf8), header.utf8.count > 7 {
            return trimmed(header[header.utf8.index(header.startIndex, offsetBy: 7)...])
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return trimmed(parts[1])
    }

    /// `token` without the white space around it (`CharacterSet.whitespaces`); a token that starts
    /// and ends with a visible ASCII character, as every JWT does, is taken as it is.
    static func trimmed(_ token: Substring) -> String {
        if let first = token.utf8.first, let last = token.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return String(token)
        }
        return token.trimmingCharacters(in: .whitespaces)
    }
}
