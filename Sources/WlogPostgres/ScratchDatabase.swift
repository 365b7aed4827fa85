#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO

/// Throwaway databases on a test cluster (`scripts/pg-test-cluster.sh`): each test gets its own,
/// so tests run in parallel and again without leftovers.
package enum ScratchDatabase {
    /// A new empty database beside `base`'s.
    package static func create(beside base: DatabaseURL) async throws -> DatabaseURL {
        var generator = SystemRandomNumberGenerator()
        let name = "wlog_test_" + String(generator.next() as UInt64, radix: 16)
        try await run(base, "CREATE DATABASE \(name)")
        var url = base
        url.database = name
        return url
    }

    /// Drops `url`'s database (closing its sessions), connected through `base`'s.
    package static func drop(_ url: DatabaseURL, base: DatabaseURL) async throws {
        try await run(base, "DROP DATABASE IF EXISTS \(url.database) WITH (FORCE)")
    }

    /// Runs `body` with a client of `url`, started and stopped around it.
    package static func withClient<R: Sendable>(_ url: DatabaseURL, _ body: @escaping @Sendable (PostgresClient) async throws -> R) async throws -> R {
        let client = PostgresClient(configuration: url.configuration)
        return try await withThrowingTaskGroup(of: R?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    private static func run(_ url: DatabaseURL, _ sql: String) async throws {
        try await withClient(url) { client in _ = try await client.query(PostgresQuery(unsafeSQL: sql)) }
    }
}
