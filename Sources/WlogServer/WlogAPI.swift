import Foundation
import Hummingbird
import Logging
import WlogCore
import WlogStore

/// The HTTP face of wlog: seed 004's Treoir REST API v1 under `/api/v1`, `/healthz`, the
/// OpenAPI document at `/api/v1/openapi.json`, the MCP tools at `/mcp` and the web pages.
public enum WlogAPI {
    /// The router of every route, over `store`, checking tokens with `verifier`.
    public static func router(store: any LifterStore, verifier: TokenVerifier, configuration: ServerConfiguration,
                              accounts: Accounts? = nil) -> Router<LifterRequestContext> {
        // HEAD wherever GET is: the GET's status and headers without its body.
        let router = Router(context: LifterRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: APICORS(origins: configuration.corsOrigins))
        router.add(middleware: BodyLimitMiddleware(bytes: configuration.limits.bodyBytes))
        router.add(middleware: EnvelopeMiddleware())
        router.get("healthz") { _, _ in "ok\n" }
        router.get("api/v1/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
        }
        let auth = BearerAuthMiddleware(
            verifier: verifier,
            perAddress: RateLimiter(rate: configuration.addressRate, burst: configuration.addressBurst, clock: configuration.rateClock),
            perLifter: RateLimiter(rate: configuration.lifterRate, burst: configuration.lifterBurst, clock: configuration.rateClock))
        let now = configuration.now
        let limited = LimitedStore(store, limits: configuration.limits, clock: { Double(now().millisecondsSince1970) / 1000 })
        let support = RouteSupport(store: limited, now: now)
        routes(on: router.group("api/v1").add(middleware: auth), support: support)
        // The MCP tools call the same routes in-process, as the token's lifter: no second copy of any projection.
        let inProcess = Router(context: LifterRequestContext.self)
        inProcess.add(middleware: EnvelopeMiddleware())
        routes(on: inProcess.group("api/v1"), support: support)
        MCPEndpoint(support: support, api: inProcess.buildResponder()).register(on: router.group("mcp").add(middleware: auth))
        WebRoutes(support: support, verifier: verifier, configuration: configuration, accounts: accounts).register(on: router)
        accounts?.register(on: router, verifier: verifier)
        AppRoutes(anonKey: accounts?.keys.anon).register(on: router)
        RESTRoutes(support: support, verifier: verifier, schema: PlatesSchema.schema, perAddress: auth.perAddress, perLifter: auth.perLifter).register(on: router)
        return router
    }

    /// The REST API's routes on `api` (authentication is the caller's).
    static func routes(on api: RouterGroup<LifterRequestContext>, support: RouteSupport) {
        WorkoutRoutes(support: support).register(on: api)
        SetRoutes(support: support).register(on: api)
        ExerciseRoutes(support: support).register(on: api)
        RoutineRoutes(support: support).register(on: api)
        ProjectionRoutes(support: support).register(on: api)
        EventRoutes(support: support).register(on: api)
        FactRoutes(support: support).register(on: api)
    }

    /// The application: `store` (default: the embedded store under `configuration.dataDirectory`),
    /// the secret, the router, bound to `host:port` (`onServerRunning` learns the port when it is 0).
    public static func application(
        _ configuration: ServerConfiguration, store: (any LifterStore)? = nil, logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        let store = try store ?? JournalStore(root: configuration.dataDirectory, memoryLimit: configuration.cacheMegabytes << 20,
                                              device: "server", flush: configuration.commitFlush)
        let secret = try configuration.hmacSecret ?? ServerSecret.loadOrCreate(in: configuration.dataDirectory)
        var verifier = try await TokenVerifier(hmacSecret: secret, jwks: configuration.jwks, audience: configuration.audience)
        if let url = configuration.jwksURL { verifier.remote = try await JWKSSource.start(url: url) }
        let accounts = try await Accounts.open(configuration, secret: secret, log: try await store.accountsLog(), logger: logger)
        verifier.sessions = accounts.live
        let router = router(store: store, verifier: verifier, configuration: configuration, accounts: accounts)
        // Supabase Realtime at /realtime/v1/websocket: the HTTP/1 server upgrades its requests.
        let realtime = RealtimeEndpoint(hub: RealtimeHub(store: store, now: configuration.now, limits: RealtimeLimits(for: store), logger: logger),
                                        verifier: verifier)
        realtime.register(on: router)
        return Application(
            router: router,
            server: configuration.connections.server(realtime.channel),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "wlog",
                                 availableConnectionsDelegate: configuration.connections.acceptance),
            services: [accounts.closer, SnapshotsAtStop(store: store, logger: logger)],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}

/// The OpenAPI 3.1 document of the API: `Sources/WlogServer/Resources/openapi.json`, compiled into
/// the binary by SwiftPM (`.embedInCode`), so the server needs no resource bundle at run time.
enum OpenAPIDocument {
    static var bytes: [UInt8] { PackageResources.openapi_json }
}
