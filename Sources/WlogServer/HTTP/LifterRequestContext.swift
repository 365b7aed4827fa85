import Hummingbird
import NIOCore
import WlogStore

/// The context of one request: Hummingbird's core storage, the lifter the bearer token names
/// (set by `BearerAuthMiddleware`) and the peer's address (for the per-address rate limit).
public struct LifterRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token's lifter; nil before authentication and on public routes.
    public var lifter: LifterID?
    /// The peer's IP address, without the port ("unknown" when the channel has none).
    public let peer: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        lifter = nil
        peer = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Request bodies above this are refused with 413: `WriteLimits.bodyBytes`, set by
    /// `BodyLimitMiddleware` before any route reads a body.
    public var maxUploadSize = WriteLimits().bodyBytes

    /// The authenticated lifter, or 401.
    func requireLifter() throws -> LifterID {
        guard let lifter else { throw APIError.unauthorized("a bearer token is required") }
        return lifter
    }
}
