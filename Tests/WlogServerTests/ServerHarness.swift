import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WlogCore
@testable import WlogServer
import WlogStore

/// A server on a free loopback port over a fresh data folder, with a fixed clock and secret.
struct ServerHarness {
    static let secret = Array("test-secret-for-wlog-server-tests-0123456789".utf8)
    static let now = Instant(iso8601: "2026-01-15T09:30:00Z")!

    let data: String
    let configuration: ServerConfiguration

    init(lifterRate: Double = 0, addressRate: Double = 0, now: Instant = ServerHarness.now) throws {
        data = NSTemporaryDirectory() + "wlog-server-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let clock = now
        configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: data, cacheMegabytes: 64,
                                            lifterRate: lifterRate, lifterBurst: lifterRate, addressRate: addressRate,
                                            addressBurst: addressRate, hmacSecret: Self.secret, now: { clock })
    }

    /// A token for `lifter` signed with the harness's secret.
    func token(_ lifter: String, days: Int = 30) async throws -> String {
        try await ServerSecret.mint(secret: Self.secret, lifter: lifter, email: nil, days: days, now: Date())
    }

    /// Runs `body` against the application over real HTTP on loopback.
    func run(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "wlog.server.tests")
        logger.logLevel = .warning
        let app = try await WlogAPI.application(configuration, logger: logger)
        try await app.test(.live) { client in try await body(client) }
    }
}
