import Foundation
import Logging
import PostgresNIO
@testable import WlogPostgres

extension PostgresTestDatabase {
    /// Runs `body` with `count` stores ("servers") on one fresh database, closed and dropped after.
    /// The stores' database deadline is 30 s by default: under `make test`'s parallel server suites
    /// on 2 cores, a fold behind the other server's writes has taken over 5 s (the tests here are
    /// about what is kept, not how fast; the figures are scripts/perf/server-bench.sh's).
    static func withStores(_ count: Int, timeout: Duration = .seconds(30), memoryLimit: Int = 64 << 20, on given: DatabaseURL? = nil,
                           _ body: ([PostgresStore], DatabaseURL) async throws -> Void) async throws {
        let url: DatabaseURL
        if let given { url = given } else { url = try await fresh() }
        var stores: [PostgresStore] = []
        do {
            for index in 0..<count {
                var logger = Logger(label: "wlog.postgres.tests")
                logger.logLevel = .critical
                stores.append(try await PostgresStore.connect(url, memoryLimit: memoryLimit, device: "test-\(index)",
                                                              timeout: timeout, logger: logger))
            }
            try await body(stores, url)
        } catch {
            for store in stores { await store.close() }
            if given == nil { try? await drop(url) }
            throw error
        }
        for store in stores { await store.close() }
        if given == nil { try await drop(url) }
    }

    /// Runs one SQL query on `url` and decodes its single column of `T`.
    static func column<T: PostgresDecodable & Sendable>(_ url: DatabaseURL, _ sql: String, as: T.Type) async throws -> [T] {
        try await admin(url) { client in
            var values: [T] = []
            for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(T.self) { values.append(value) }
            return values
        }
    }
}
