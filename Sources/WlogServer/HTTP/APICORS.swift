import HTTPTypes
import Hummingbird

/// Cross-origin access to `/api/v1` (seed 004 §1/§7: the gym monitor is a web app on another
/// origin). The API takes bearer tokens, never cookies, so any origin may call it by default
/// (`Access-Control-Allow-Origin: *`, no credentials); `wlog serve --cors-origin ORIGIN` (repeated)
/// narrows it to those origins. A preflight `OPTIONS` on any `/api/v1` path is answered 204 before
/// authentication (browsers send it without the token). Other paths (web pages, `/mcp`, `/auth`)
/// are left to their own owners.
struct APICORS: RouterMiddleware {
    typealias Context = LifterRequestContext

    /// The origins allowed; empty: every origin (`*`).
    let origins: [String]

    /// What a preflight allows: the API's methods and the headers its clients send.
    static let methods = "GET, HEAD, POST, PATCH, DELETE, OPTIONS"
    static let headers = "Authorization, Content-Type, Accept, Idempotency-Key, apikey, X-Client-Info"
    /// The headers a page's script may read besides the simple ones.
    static let exposed = "Retry-After, Location"
    /// How long a browser may keep a preflight's answer, in seconds.
    static let maxAge = "600"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path == "/api/v1" || request.uri.path.hasPrefix("/api/v1/") else { return try await next(request, context) }
        let allowed = allowedOrigin(request.headers.value(of: .origin))
        guard request.method != .options else {
            var headers: HTTPFields = [.accessControlAllowMethods: Self.methods, .accessControlAllowHeaders: Self.headers,
                                       .accessControlMaxAge: Self.maxAge, .allow: Self.methods]
            decorate(&headers, allowed)
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        if request.headers.value(of: .origin) != nil {
            response.headers[.accessControlExposeHeaders] = Self.exposed
            decorate(&response.headers, allowed)
        }
        return response
    }

    /// The `Access-Control-Allow-Origin` value for `origin`: `*` when every origin is allowed, the
    /// origin itself when it is one of `origins`, else none (the browser then refuses the answer).
    func allowedOrigin(_ origin: String?) -> String? {
        if origins.isEmpty { return "*" }
        guard let origin, origins.contains(origin) else { return nil }
        return origin
    }

    private func decorate(_ headers: inout HTTPFields, _ allowed: String?) {
        if let allowed { headers[.accessControlAllowOrigin] = allowed }
        if !origins.isEmpty { headers[values: .vary].append("Origin") }
    }
}

/// What `--cors-origin` takes: a browser's `Origin` (`https://monitor.example`, `http://127.0.0.1:8081`).
public enum APIOrigin {
    /// Whether `text` is `http(s)://host[:port]` with no path, query or trailing slash.
    public static func isOrigin(_ text: String) -> Bool {
        guard let rest = ["https://", "http://"].first(where: text.hasPrefix).map({ text.dropFirst($0.count) }), !rest.isEmpty else { return false }
        return !rest.contains(where: { "/?#@ ".contains($0) })
    }
}
