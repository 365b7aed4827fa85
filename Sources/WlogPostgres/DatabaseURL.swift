#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO
import WlogStore

/// A PostgreSQL address as `wlog serve --store` takes it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// `disable` (default on loopback), `prefer` (default elsewhere) or `require`.
    public var sslMode: String

    /// Whether `text` names a database rather than a folder.
    public static func isDatabase(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`; throws a message naming what is wrong and the form expected.
    public init(_ text: String) throws {
        let form = "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        guard Self.isDatabase(text), let components = URLComponents(string: text) else {
            throw StoreError.unavailable("the store '\(text)' is not \(form)")
        }
        guard let host = components.host, !host.isEmpty else { throw StoreError.unavailable("the store URL names no host: \(form)") }
        guard let user = components.user, !user.isEmpty else { throw StoreError.unavailable("the store URL names no user: \(form)") }
        let database = String(components.path.dropFirst())
        guard !database.isEmpty, !database.contains("/") else {
            throw StoreError.unavailable("the store URL names no database (the path after the port): \(form)")
        }
        self.user = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.host = host
        self.port = components.port ?? 5432
        self.database = database
        let loopback = host == "localhost" || host.hasPrefix("127.") || host == "::1"
        sslMode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? (loopback ? "disable" : "prefer")
        guard ["disable", "prefer", "require"].contains(sslMode) else {
            throw StoreError.unavailable("sslmode '\(sslMode)' is not disable, prefer or require")
        }
    }

    /// The URL without its password.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

    /// Connections in one server's pool (a store's `PostgresClient`): its listener holds one, its
    /// requests share the rest, and a request finding none free waits in the pool's queue within
    /// its time limit. Twenty, because the database's commit rate stops growing well before that
    /// (commits share WAL flushes; past 16 concurrent ones each costs the database more CPU for a
    /// few percent more commits, docs/PERFORMANCE-POSTGRES.md), and four servers' pools (80) fit
    /// PostgreSQL's default `max_connections` of 100 beside its reserved and operators' connections.
    static let poolSize = 20

    /// The client's configuration.
    var configuration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case "require": .require(.makeClientConfiguration())
        case "prefer": .prefer(.makeClientConfiguration())
        default: .disable
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password,
                                                         database: database, tls: tls)
        configuration.options.connectTimeout = .seconds(3)
        configuration.options.maximumConnections = Self.poolSize
        return configuration
    }
}
