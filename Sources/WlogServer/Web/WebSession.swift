import Foundation
import Hummingbird
import WlogStore

/// The pages' sign-in: a bearer token pasted once into the sign-in form is checked exactly as
/// the API checks it (`TokenVerifier.lifter(fromBearer:)`) and kept in an HttpOnly, SameSite=Strict
/// cookie; every page request verifies the cookie's token again (so an expired or foreign token
/// stops working at once). The API itself keeps bearer headers and never reads the cookie.
struct WebSession: Sendable {
    static let cookieName = "wlog_session"
    /// How long the browser keeps the cookie; the token's own `exp` still decides.
    static let maxAge = 30 * 86_400

    let verifier: TokenVerifier
    /// Throttles sign-in attempts and page requests per address, as the API does.
    let perAddress: RateLimiter

    /// The lifter of the request's session cookie, nil when there is none or its token fails.
    func lifter(_ request: Request) async -> LifterID? {
        guard let token = request.cookies[Self.cookieName]?.value, !token.isEmpty else { return nil }
        return try? await verifier.lifter(fromBearer: token)
    }

    /// The cookie holding `token` (Secure when the request came over HTTPS or a proxy says so).
    static func cookie(_ token: String, for request: Request) -> Cookie {
        Cookie(name: cookieName, value: token, maxAge: maxAge, path: "/", secure: isHTTPS(request), httpOnly: true,
               sameSite: .strict)
    }

    /// The cookie that removes the session.
    static func expired(for request: Request) -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", secure: isHTTPS(request), httpOnly: true, sameSite: .strict)
    }

    static func isHTTPS(_ request: Request) -> Bool {
        request.uri.scheme == .https || request.headers.value(of: .xForwardedProto)?.lowercased() == "https"
    }

    /// Whether a form post came from this server's own page: a browser's `Origin` (sent with
    /// every POST) must name the host the request was sent to; a request without one (a script,
    /// curl) is not a browser's cross-site post. Stops another site signing a browser in as
    /// someone else, or out.
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers.value(of: .origin) else { return true }
        guard let authority = request.head.authority else { return false }
        return origin == "http://" + authority || origin == "https://" + authority
    }

    static let crossOrigin = APIError(.forbidden, code: "FORBIDDEN",
                                      message: "this form can only be sent from this server's own sign-in page")

    /// A pasted token: surrounding space and an optional `Bearer ` prefix dropped; nil when it
    /// cannot be a cookie value (a JWT is base64url and dots only).
    static func pasted(_ text: String) -> String? {
        var token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if token.lowercased().hasPrefix("bearer ") { token = String(token.dropFirst(7)).trimmingCharacters(in: .whitespaces) }
        let allowed = token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
        return allowed && !token.isEmpty && token.utf8.count <= 8192 ? token : nil
    }
}

/// The pages' guard: a request without a valid session cookie is sent to the sign-in page (the
/// live stream and fragment answer 401 instead: a script cannot follow a redirect to a form).
struct WebAuthMiddleware: RouterMiddleware {
    typealias Context = LifterRequestContext
    let session: WebSession

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            try session.perAddress.check(context.peer, what: "address")
        } catch let error as APIError {
            return WebLayout.errorPage(error)
        }
        guard let lifter = await session.lifter(request) else {
            if request.uri.path.hasPrefix("/monitor/") {
                return HTML.response("<p>Signed out.</p>", status: .unauthorized)
            }
            return HTML.redirect("/sign-in")
        }
        var context = context
        context.lifter = lifter
        do {
            return try await next(request, context)
        } catch {
            // Pages answer in HTML: another lifter's id is a 404 page, never the API's JSON.
            return WebLayout.errorPage(EnvelopeMiddleware.apiError(error, logger: context.logger))
        }
    }
}
