import Foundation
import Hummingbird
import HummingbirdCore

/// How long a client may take and how many connections it may hold (`wlog serve --header-timeout`,
/// `--body-timeout`, `--idle-timeout`, `--max-connections-per-address`, `--max-connections`).
/// docs/SERVER.md ("Slow clients and connection limits") gives the defaults and why.
public struct ConnectionLimits: Sendable, Equatable {
    /// From accepting a connection to the end of its first request's head.
    public var headerTimeout: Duration
    /// From a request's head to the end of its body.
    public var bodyTimeout: Duration
    /// From the end of a response to the end of the next request's head (keep-alive).
    public var idleTimeout: Duration
    /// Connections one client address may hold at once; the next is closed unanswered. 0: no cap.
    public var perAddress: Int
    /// Connections open at once; past it the server stops accepting (the kernel's backlog waits). 0: no cap.
    public var total: Int

    public init(headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(30),
                perAddress: Int = 64, total: Int = ConnectionLimits.defaultTotal) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.perAddress = perAddress
        self.total = total
    }

    /// Half the process's open-file limit (the other half is for journals, sockets to PostgreSQL
    /// and the like), at least 64 and at most 16,384.
    public static var defaultTotal: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        let soft = Int(clamping: min(limit.rlim_cur, 32_768))
        return min(16_384, max(64, soft / 2))
    }
}

extension ConnectionLimits {
    /// The HTTP/1.1 server (`channel` builds it, with the HTTP handlers it is given), every
    /// connection guarded: ``ConnectionAdmission`` before any decoding, then a ``ConnectionGuard``
    /// among the HTTP handlers of every request that is not a WebSocket upgrade.
    func server<Channel: ServerChildChannel>(
        _ channel: @escaping @Sendable (@escaping HTTPChannelHandler.Responder, HTTP1Channel.Configuration) -> Channel
    ) -> HTTPServerBuilder {
        let addresses = AddressCounts()
        let limits = self
        return HTTPServerBuilder { responder in
            let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [ConnectionGuard(limits: limits)])
            return GuardedChannel(inner: channel(responder, http1), limits: limits, addresses: addresses)
        }
    }

    /// What stops accepting past `total` (nil: no cap).
    var acceptance: (any AvailableConnectionsDelegate)? {
        total > 0 ? MaximumAvailableConnections(total) : nil
    }
}
