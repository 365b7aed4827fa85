import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import WlogCore
import WlogStore

/// `GET /realtime/v1/websocket?apikey=KEY&vsn=1.0.0`: Supabase Realtime's `postgres_changes`
/// over a WebSocket (docs/REALTIME.md). The upgrade needs a valid `apikey` (a project key or a
/// user's token) and a `vsn` of 1.0.0 (object frames, the default) or 2.0.0 (array frames): an
/// upgrade whose key or `vsn` is refused opens and closes at once (1008, the reason); a plain GET
/// gets the HTTP answer saying so (401, 400, or 426 Upgrade Required).
struct RealtimeEndpoint: Sendable {
    static let path = "/realtime/v1/websocket"

    let hub: RealtimeHub
    let verifier: TokenVerifier

    /// The HTTP/1 channel (its HTTP handlers `http1`) that upgrades this path's requests and hands
    /// every other one to `responder`, the router.
    func channel(responder: @escaping HTTPChannelHandler.Responder, http1: HTTP1Channel.Configuration)
        -> HTTP1WebSocketUpgradeChannel {
        let limits = hub.limits
        return HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(
            http1: http1,
            ws: .init(maxFrameSize: limits.maxFrame, autoPing: .enabled(timePeriod: .seconds(30)), closeTimeout: .seconds(5)))
        ) { request, _, logger in
            let asked: (apikey: String, version: RealtimeFrame.Version)
            do {
                guard let accepted = try await self.accepts(request.path ?? "") else { return .dontUpgrade }
                asked = accepted
            } catch {
                // Refusing the upgrade would answer a bare 400: the socket opens and closes with the reason.
                let reason = String(RealtimeConnection.message(error).utf8.prefix(120)) ?? "refused"
                return .upgrade([:]) { _, outbound, _ in try? await outbound.close(.policyViolation, reason: reason) }
            }
            let connection = RealtimeConnection(hub: hub, verifier: verifier, version: asked.version, apikey: asked.apikey, logger: logger)
            return .upgrade([:]) { inbound, outbound, _ in
                // A server shutting down closes its sockets (going away): clients reconnect elsewhere.
                await withGracefulShutdownHandler {
                    await connection.run(inbound, outbound)
                } onGracefulShutdown: {
                    Task { try? await outbound.close(.goingAway, reason: "the server is shutting down; reconnect") }
                }
            }
        }
    }

    /// The key and serializer of an upgrade request to this path; nil for another path; throws
    /// the 4xx for a refused key or `vsn`.
    func accepts(_ target: String) async throws -> (apikey: String, version: RealtimeFrame.Version)? {
        guard let components = URLComponents(string: target), components.path == Self.path else { return nil }
        let items = components.queryItems ?? []
        guard let apikey = items.first(where: { $0.name == "apikey" })?.value, !apikey.isEmpty else {
            throw APIError.unauthorized("no apikey: connect to \(Self.path)?apikey=<the anon key>&vsn=1.0.0")
        }
        let vsn = items.first(where: { $0.name == "vsn" })?.value ?? RealtimeFrame.Version.v1.rawValue
        guard let version = RealtimeFrame.Version(rawValue: vsn) else {
            throw APIError.validation(field: "vsn", "vsn \(vsn) is not served: use 1.0.0 (object frames) or 2.0.0 (array frames)")
        }
        _ = try await verifier.principal(fromBearer: apikey)
        return (apikey, version)
    }

    /// The path on `router` for requests that were not upgraded: the reason, or 426.
    func register(on router: Router<LifterRequestContext>) {
        router.get(RouterPath(stringLiteral: String(Self.path.dropFirst()))) { request, _ -> Response in
            _ = try await self.accepts(request.uri.description)
            throw APIError(.upgradeRequired, code: "UPGRADE_REQUIRED",
                           message: "this is a WebSocket endpoint: send Connection: Upgrade and Upgrade: websocket")
        }
    }
}
