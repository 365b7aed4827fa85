import Foundation
import Hummingbird
import WlogCore
import WlogStore

/// The web pages (docs/WEB.md): sign-in and sign-out, then — behind the session cookie —
/// Monitor, History, a workout, Exercises, an exercise and Body weight, server-rendered from the
/// store exactly as the API reads it. Errors answer as HTML pages; another lifter's ids are 404.
struct WebRoutes: Sendable {
    let support: RouteSupport
    let session: WebSession
    /// The server's accounts: signing out ends the cookie's session there too.
    let accounts: Accounts?

    init(support: RouteSupport, verifier: TokenVerifier, configuration: ServerConfiguration, accounts: Accounts? = nil) {
        self.support = support
        self.accounts = accounts
        session = WebSession(verifier: verifier,
                             perAddress: RateLimiter(rate: configuration.addressRate, burst: configuration.addressBurst,
                                                     clock: configuration.rateClock))
    }

    func register(on router: Router<LifterRequestContext>) {
        router.get("web/style.css") { _, _ in WebAssets.response(WebAssets.style, type: "text/css; charset=utf-8") }
        router.get("web/monitor.js") { _, _ in WebAssets.response(WebAssets.monitorScript, type: "text/javascript; charset=utf-8") }
        router.get("sign-in") { _, _ in HTML.response(SignInPage.render()) }
        router.post("sign-in", use: signIn)
        router.post("sign-out") { request, _ in
            guard WebSession.isSameOrigin(request) else { return WebLayout.errorPage(WebSession.crossOrigin) }
            if let accounts, let token = request.cookies[WebSession.cookieName]?.value, !token.isEmpty {
                await accounts.signOut(token: token, verifier: session.verifier)
            }
            var response = HTML.redirect("/sign-in")
            response.setCookie(WebSession.expired(for: request))
            return response
        }
        let pages = router.group().add(middleware: WebAuthMiddleware(session: session))
        pages.get("/") { _, _ in HTML.redirect("/history") }
        pages.get("history", use: history)
        pages.get("workouts/:id", use: workout)
        pages.get("exercises", use: exercises)
        pages.get("exercises/:exerciseId", use: exercise)
        pages.get("bodyweight", use: bodyweight)
        pages.get("monitor", use: monitor)
        pages.get("monitor/live", use: monitorFragment)
        pages.get("monitor/events", use: MonitorStream(support: support).stream)
    }

    struct SignInForm: Decodable { var token: String? }

    /// `POST /sign-in` (form `token=…`): a valid token sets the session cookie and goes to History;
    /// a bad one answers 401 with the form and the reason.
    @Sendable func signIn(_ request: Request, context: LifterRequestContext) async throws -> Response {
        do {
            try session.perAddress.check(context.peer, what: "address")
        } catch let error as APIError {
            return WebLayout.errorPage(error)
        }
        guard WebSession.isSameOrigin(request) else { return WebLayout.errorPage(WebSession.crossOrigin) }
        let form = try? await URLEncodedFormDecoder().decode(SignInForm.self, from: request, context: context)
        guard let text = form?.token, let token = WebSession.pasted(text) else {
            return HTML.response(SignInPage.render(error: "token: paste the whole access token (three parts separated by dots)"),
                                 status: .badRequest)
        }
        do {
            _ = try await session.verifier.lifter(fromBearer: token)
        } catch let error as APIError {
            return HTML.response(SignInPage.render(error: "token: " + error.message), status: .unauthorized)
        }
        var response = HTML.redirect("/history")
        response.setCookie(WebSession.cookie(token, for: request))
        return response
    }

    /// A page of the session's lifter: `render` over its state at the server's now.
    func page(_ context: LifterRequestContext,
              _ render: @escaping @Sendable (LifterView, Instant) throws -> String) async throws -> Response {
        let lifter = try context.requireLifter()
        let now = support.now()
        return HTML.response(try await support.store.read(lifter) { try render($0, now) })
    }

    @Sendable func history(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let number = try PageRequest.integer(request, "page", default: 1, range: 1...1_000_000)
        return try await page(context) { HistoryPage.render($0, now: $1, page: number) }
    }

    @Sendable func workout(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let text = try support.parameter(context, "id")
        guard let key = APIID.workout(text) else { throw APIError.notFound("workout " + text) }
        return try await page(context) { try WorkoutPage.render($0, key: key, now: $1) }
    }

    @Sendable func exercises(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await page(context) { ExercisePage.list($0, now: $1) }
    }

    @Sendable func exercise(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let text = try support.parameter(context, "exerciseId")
        let reps: Int? = request.uri.queryParameters["reps"] == nil
            ? nil : try PageRequest.integer(request, "reps", default: 1, range: 1...100)
        return try await page(context) { view, now in
            ExercisePage.render(view, exercise: try SetRoutes.exercise(text, view: view), reps: reps, now: now)
        }
    }

    @Sendable func bodyweight(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await page(context) { BodyweightPage.render($0, now: $1) }
    }

    @Sendable func monitor(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await page(context) { MonitorPage.render($0, now: $1) }
    }

    /// `GET /monitor/live`: the monitor's fragment alone (what the stream pushes).
    @Sendable func monitorFragment(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await page(context) { MonitorPage.fragment($0, now: $1) }
    }
}
