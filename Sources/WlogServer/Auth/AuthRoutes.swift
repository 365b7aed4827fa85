import Foundation
import Hummingbird

/// `/auth/v1`: Supabase Auth (GoTrue) on the wire, as the official clients call it
/// (../shared/design/supabase.md §1). Every route but the mailed link (`GET /verify`) and the
/// JWKS needs the `apikey` header (or `?apikey=`) to be one of the server's two keys, as
/// Supabase's gateway checks it; admin routes need the service-role key as the bearer.
struct AuthRoutes: Sendable {
    let service: AuthService
    let verifier: TokenVerifier
    let keys: APIKeys

    func register(on router: Router<LifterRequestContext>) {
        let open = router.group("auth/v1").add(middleware: AuthGate(keys: nil))
        open.get("verify") { request, _ in try await verifyLink(request) }
        open.get(".well-known/jwks.json") { _, _ in AuthReply.json(["keys": [Any]()]) }
        let auth = router.group("auth/v1").add(middleware: AuthGate(keys: keys))
        auth.get("health") { _, _ in
            AuthReply.json(["name": "GoTrue", "version": "wlog", "description": "wlog serve's accounts, speaking GoTrue's protocol"])
        }
        auth.get("settings") { _, _ in
            AuthReply.json(["external": ["email": true, "phone": false], "disable_signup": false,
                            "mailer_autoconfirm": !service.configuration.confirmEmail, "phone_autoconfirm": false,
                            "sms_provider": "", "saml_enabled": false])
        }
        auth.post("signup") { request, context in
            let body = try await Self.body(request, context)
            return AuthReply.json(try await service.signUp(email: body["email"] as? String, password: body["password"] as? String,
                                                           data: body["data"] as? [String: Any], challenge: body["code_challenge"] as? String,
                                                           site: site(request)))
        }
        auth.post("token") { request, context in
            let body = try await Self.body(request, context)
            switch request.uri.queryParameters["grant_type"].map(String.init) {
            case "password":
                return AuthReply.json(try await service.signIn(email: body["email"] as? String, password: body["password"] as? String, peer: context.peer))
            case "refresh_token":
                return AuthReply.json(try await service.refresh(body["refresh_token"] as? String))
            case "pkce":
                return AuthReply.json(try await service.exchange(authCode: body["auth_code"] as? String, verifier: body["code_verifier"] as? String))
            case let other:
                throw AuthFailure(status: .badRequest, code: "unsupported_grant_type",
                                  message: "grant_type: '\(other ?? "")' is not password, refresh_token or pkce")
            }
        }
        auth.get("user") { request, _ in AuthReply.json(try await service.user(try await bearer(request).user)) }
        auth.put("user") { request, context in
            let (user, _) = try await bearer(request)
            return AuthReply.json(try await service.updateUser(user, body: try await Self.body(request, context), link: link(request)))
        }
        auth.post("logout") { request, _ in
            let (user, session) = try await bearer(request)
            try await service.logout(user: user, session: session, scope: request.uri.queryParameters["scope"].map(String.init) ?? "global")
            return Response(status: .noContent)
        }
        auth.post("otp") { request, context in
            let body = try await Self.body(request, context)
            try await service.otp(email: body["email"] as? String, createUser: body["create_user"] as? Bool ?? true,
                                  data: body["data"] as? [String: Any], challenge: body["code_challenge"] as? String,
                                  link: link(request), peer: context.peer)
            return AuthReply.json([String: Any]())
        }
        auth.post("recover") { request, context in
            let body = try await Self.body(request, context)
            try await service.recover(email: body["email"] as? String, challenge: body["code_challenge"] as? String,
                                      link: link(request), peer: context.peer)
            return AuthReply.json([String: Any]())
        }
        auth.post("resend") { request, context in
            let body = try await Self.body(request, context)
            try await service.resend(type: body["type"] as? String, email: body["email"] as? String, link: link(request), peer: context.peer)
            return AuthReply.json([String: Any]())
        }
        auth.get("reauthenticate") { request, context in
            try await service.reauthenticate(try await bearer(request).user, peer: context.peer)
            return AuthReply.json([String: Any]())
        }
        auth.post("verify") { request, context in
            let body = try await Self.body(request, context)
            return AuthReply.json(try await service.verify(type: body["type"] as? String ?? "", email: body["email"] as? String,
                                                     token: body["token"] as? String, tokenHash: body["token_hash"] as? String,
                                                     peer: context.peer))
        }
        AdminRoutes(service: service, verifier: verifier, link: link).register(on: auth.group("admin"))
    }

    /// The user and session of the request's bearer token, checked as the API checks it (a
    /// signed-out session's token is refused): 403 `bad_jwt` otherwise, as GoTrue answers.
    func bearer(_ request: Request) async throws -> (user: String, session: String) {
        guard let header = request.headers.value(of: .authorization), let token = BearerAuthMiddleware.bearerToken(header) else {
            throw AuthFailure(status: .unauthorized, code: "no_authorization", message: "This endpoint requires a Bearer token")
        }
        let lifter: String
        do {
            lifter = try await verifier.lifter(fromBearer: token).uuid
        } catch let error as APIError {
            throw AuthFailure.badJWT("invalid JWT: " + error.message)
        }
        return (lifter, TokenVerifier.unverifiedClaims(of: token)?["session_id"] as? String ?? "")
    }

    /// Where mailed links point: `--site-url`, else the request's own scheme and host.
    func site(_ request: Request) -> String { Self.site(request, configured: service.configuration.siteURL) }

    static func site(_ request: Request, configured: String?) -> String {
        if let configured { return configured }
        let scheme = WebSession.isHTTPS(request) ? "https" : "http"
        return scheme + "://" + (request.head.authority ?? "localhost")
    }

    /// The mailed link for a token (`TOKEN&type=KIND`), keeping the request's `redirect_to`.
    func link(_ request: Request) -> @Sendable (String) -> String {
        let base = site(request) + "/auth/v1/verify?token="
        let redirect = request.uri.queryParameters["redirect_to"].map { "&redirect_to=" + Self.escaped(String($0)) } ?? ""
        return { token in base + token + redirect }
    }

    /// `GET /verify?token=&type=&redirect_to=`: the link clicked in a mail. Redirects (303) to
    /// `redirect_to` (this server's site when absent or foreign) with `?code=` for a PKCE client,
    /// else the session in the fragment, or `#error=…` when the link is used or expired.
    func verifyLink(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let token = query["token"].map(String.init) ?? ""
        let type = query["type"].map(String.init) ?? "magiclink"
        let target = Self.allowedRedirect(query["redirect_to"].map(String.init), site: site(request))
        var location: String
        do {
            let answer = try await service.redeem(kinds: try AuthService.kinds(for: type), now: service.clock(), flow: true) { code, _ in
                Secrets.equal(code.linkHash, Secrets.digest(token))
            }
            if let code = answer["code"] as? String {
                location = target + (target.contains("?") ? "&" : "?") + "code=" + code
            } else {
                let fields = ["access_token", "expires_at", "expires_in", "refresh_token", "token_type"]
                location = target + "#" + fields.map { "\($0)=\(Self.escaped("\(answer[$0] ?? "")"))" }.joined(separator: "&") + "&type=" + type
            }
        } catch {
            location = target + "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired"
        }
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// `redirect_to` when it names this server's host or a loopback one (an app under development), else `site`.
    static func allowedRedirect(_ redirect: String?, site: String) -> String {
        guard let redirect, let host = URLComponents(string: redirect)?.host else { return site }
        let allowed = [URLComponents(string: site)?.host, "localhost", "127.0.0.1", "::1"]
        return allowed.contains(host) ? redirect : site
    }

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }

    /// The request's JSON object body (empty: `{}`); 400 naming the problem otherwise.
    static func body(_ request: Request, _ context: LifterRequestContext) async throws -> [String: Any] {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView)) as? [String: Any] else {
            throw AuthFailure(status: .badRequest, code: "bad_json", message: "the body is not a JSON object")
        }
        return object
    }
}
