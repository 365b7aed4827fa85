import Foundation
import WlogCore
import WlogStore

/// What `wlog serve` is told: where to listen, where the data is, how much memory and traffic to allow.
public struct ServerConfiguration: Sendable {
    public var host: String
    /// 0: any free port (tests; the bound port is reported by `onServerRunning`).
    public var port: Int
    /// The data folder: `users/<uuid>/journal.wlog` and the embedded secret.
    public var dataDirectory: String
    /// Memory for lifters' states, in MiB (`--cache-mb`).
    public var cacheMegabytes: Int
    /// How the embedded store makes a commit durable before it is acknowledged (`--flush`).
    public var commitFlush: JournalStore.CommitFlush
    /// Requests a second per lifter (0: no limit) and the burst allowed.
    public var lifterRate: Double
    public var lifterBurst: Double
    /// Requests a second per client address before authentication (0: no limit).
    public var addressRate: Double
    public var addressBurst: Double
    /// The `aud` tokens must carry.
    public var audience: String
    /// A JWKS document (RS256/ES256 keys) to accept besides the HS256 secret.
    public var jwks: String?
    /// A URL serving a JWKS document, fetched at start and kept fresh (`JWKSSource`).
    public var jwksURL: String?
    /// The HS256 secret; nil: the embedded secret of the data folder (created on first start).
    public var hmacSecret: [UInt8]?
    /// `/auth/v1`'s accounts (docs/ACCOUNTS.md).
    public var accounts = AccountsConfiguration()
    /// The origins a browser may call `/api/v1` from (`--cors-origin`); empty: any origin (`APICORS`).
    public var corsOrigins: [String] = []
    /// Header, body and idle deadlines and connection caps (issue 37).
    public var connections = ConnectionLimits()
    /// A note's, a name's and a body's size, a lifter's journal growth a minute (issue 37).
    public var limits = WriteLimits()
    /// The clock of every write (`recorded`, default `occurred`); tests fix it.
    public var now: @Sendable () -> Instant
    /// Seconds on a clock that never goes back, for the request rates (`lifterRate`,
    /// `addressRate`); tests step it.
    public var rateClock: @Sendable () -> Double = RateLimiter.uptime

    public init(host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String, cacheMegabytes: Int = 256,
                commitFlush: JournalStore.CommitFlush = .each,
                lifterRate: Double = 50, lifterBurst: Double = 200, addressRate: Double = 200, addressBurst: Double = 400,
                audience: String = "authenticated", jwks: String? = nil, hmacSecret: [UInt8]? = nil,
                now: @escaping @Sendable () -> Instant = ServerConfiguration.systemNow) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.cacheMegabytes = cacheMegabytes
        self.commitFlush = commitFlush
        self.lifterRate = lifterRate
        self.lifterBurst = lifterBurst
        self.addressRate = addressRate
        self.addressBurst = addressBurst
        self.audience = audience
        self.jwks = jwks
        self.hmacSecret = hmacSecret
        self.now = now
    }

    /// The system clock to the millisecond.
    @Sendable public static func systemNow() -> Instant {
        Instant(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
