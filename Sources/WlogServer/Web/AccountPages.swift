import Foundation
import Hummingbird

/// The pages of the server's accounts (docs/ACCOUNTS.md): sign in with email and password,
/// sign up, reset a forgotten password with a mailed code. Each signs the browser in exactly as a
/// pasted token does (`WebSession`'s cookie holds the session's access token, so signing out or
/// disabling the account ends it at once). Forms post only from this server's own pages.
struct AccountPages: Sendable {
    let service: AuthService
    let perAddress: RateLimiter
    /// The PKCE verifier of a sign-in link asked for from this browser.
    static let verifierCookie = "wlog_link_verifier"

    struct Form: Decodable {
        var email: String?
        var password: String?
        var code: String?
    }

    static func passwordForm(action: String, button: String, formClass: String, code: Bool = false) -> String {
        "<form method=\"post\" action=\"\(action)\" class=\"\(formClass)\">"
            + "<label for=\"email\">Email</label><input id=\"email\" name=\"email\" type=\"email\" required autocomplete=\"email\">"
            + (code ? "<label for=\"code\">Code from the mail</label><input id=\"code\" name=\"code\" inputmode=\"numeric\" required autocomplete=\"one-time-code\">" : "")
            + "<label for=\"password\">\(code ? "New password" : "Password")</label>"
            + "<input id=\"password\" name=\"password\" type=\"password\" required autocomplete=\"\(code || formClass == "sign-up" ? "new-password" : "current-password")\">"
            + "<button type=\"submit\">\(button)</button></form>"
    }

    static func signUpPage(error: String? = nil) -> String {
        var body = "<h1>Create a wlog account</h1>"
        if let error { body += "<p class=\"error\" role=\"alert\">" + HTML.escape(error) + "</p>" }
        body += passwordForm(action: "/sign-up", button: "Sign up", formClass: "sign-up")
            + "<p class=\"muted\">At least \(Passwords.minimumLength) characters mixing two of: lower case, upper case, digits, symbols.</p>"
            + "<p><a href=\"/sign-in\">Already have an account? Sign in</a></p>"
        return WebLayout.page(title: "Sign up", section: nil, body: body)
    }

    static func resetPage(error: String? = nil, sent: Bool = false) -> String {
        var body = "<h1>Reset your password</h1>"
        if let error { body += "<p class=\"error\" role=\"alert\">" + HTML.escape(error) + "</p>" }
        if sent { body += "<p class=\"notice\" role=\"status\">If an account has that email, a code is on its way.</p>" }
        body += "<form method=\"post\" action=\"/reset\" class=\"reset-request\"><label for=\"reset-email\">Email</label>"
            + "<input id=\"reset-email\" name=\"email\" type=\"email\" required autocomplete=\"email\"><button type=\"submit\">Mail me a code</button></form>"
            + passwordForm(action: "/reset/confirm", button: "Set the new password", formClass: "reset-confirm", code: true)
        return WebLayout.page(title: "Reset password", section: nil, body: body)
    }

    func register(on router: Router<LifterRequestContext>) {
        router.get("sign-up") { _, _ in HTML.response(Self.signUpPage()) }
        router.get("reset") { _, _ in HTML.response(Self.resetPage()) }
        router.post("sign-up") { request, context in
            try await form(request, context) { form in
                try await service.signUp(email: form.email, password: form.password, data: nil, challenge: nil,
                                           site: AuthRoutes.site(request, configured: service.configuration.siteURL))
            } failed: { Self.signUpPage(error: $0) }
        }
        router.post("sign-in/password") { request, context in
            try await form(request, context) { form in
                try await service.signIn(email: form.email, password: form.password, peer: context.peer)
            } failed: { SignInPage.render(error: $0) }
        }
        router.post("sign-in/link") { request, context in
            // PKCE as a browser client does it: the verifier stays in an HttpOnly cookie of this
            // browser, so only the browser that asked can turn the mailed link into a session.
            let verifier = Secrets.token(bytes: 32)
            let site = AuthRoutes.site(request, configured: service.configuration.siteURL)
            var response = try await form(request, context) { form in
                try await service.otp(email: form.email, createUser: false, data: nil, challenge: Secrets.pkceChallenge(verifier), link: { token in
                    site + "/auth/v1/verify?token=" + token + "&redirect_to=" + AuthRoutes.escaped(site + "/sign-in/callback")
                }, peer: context.peer)
                return ["notice": "Check your mail: the link signs this browser in."]
            } failed: { SignInPage.render(error: $0) }
            response.setCookie(Cookie(name: Self.verifierCookie, value: verifier, maxAge: 3600, path: "/sign-in",
                                      secure: WebSession.isHTTPS(request), httpOnly: true, sameSite: .lax))
            return response
        }
        router.get("sign-in/callback") { request, _ in
            guard let code = request.uri.queryParameters["code"].map(String.init),
                  let verifier = request.cookies[Self.verifierCookie]?.value,
                  let session = try? await service.exchange(authCode: code, verifier: verifier),
                  let token = session["access_token"] as? String else {
                return HTML.response(SignInPage.render(error: "This sign-in link is used, expired, or was asked for in another browser; ask for a new one"),
                                     status: .forbidden)
            }
            var response = HTML.redirect("/history")
            response.setCookie(WebSession.cookie(token, for: request))
            return response
        }
        router.post("reset") { request, context in
            try await form(request, context) { form in
                try await service.recover(email: form.email, challenge: nil, link: { _ in "(enter the code on the reset page)" }, peer: context.peer)
                return [:]
            } failed: { Self.resetPage(error: $0) }
        }
        router.post("reset/confirm") { request, context in
            try await form(request, context) { form in
                let password = try AuthService.checkStrength(form.password)
                let session = try await service.verify(type: "recovery", email: form.email, token: form.code, tokenHash: nil, peer: context.peer)
                guard let user = (session["user"] as? [String: Any])?["id"] as? String else { throw AuthFailure.otpExpired }
                _ = try await service.updateUser(user, body: ["password": password], link: { $0 })
                return session
            } failed: { Self.resetPage(error: $0) }
        }
    }

    /// Runs `action` on the posted form: a session signs the browser in (303 to History), `[:]`
    /// goes back to the reset page saying a code was sent, a failure re-renders the form with GoTrue's message.
    func form(_ request: Request, _ context: LifterRequestContext, _ action: (Form) async throws -> [String: Any],
              failed: (String) -> String) async throws -> Response {
        if let wait = perAddress.take(context.peer) {
            return HTML.response(failed("Too many requests from this address; retry after \(wait) s"), status: .tooManyRequests)
        }
        guard WebSession.isSameOrigin(request) else { return WebLayout.errorPage(WebSession.crossOrigin) }
        let form = (try? await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)) ?? Form()
        do {
            let answer = try await action(form)
            guard let token = answer["access_token"] as? String else {
                if let notice = answer["notice"] as? String { return HTML.response(SignInPage.render(notice: notice)) }
                if answer.isEmpty { return HTML.response(Self.resetPage(sent: true)) }
                return HTML.response(SignInPage.render(notice: "Check your mail to confirm the address, then sign in."))
            }
            var response = HTML.redirect("/history")
            response.setCookie(WebSession.cookie(token, for: request))
            return response
        } catch let failure as AuthFailure {
            return HTML.response(failed(failure.message), status: failure.status)
        }
    }
}
