import Foundation
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// What one write costs the database, counted by PostgreSQL itself (`pg_stat_statements`, which
/// `scripts/pg-test-cluster.sh` loads): on a folded lifter one statement, the prepared
/// `CALL wlog_append_commits`; after another server's commit one more, the fold of its rows; and one
/// listening connection a server, whose backend PostgreSQL wakes at every commit.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct WriteRoundTripTests {
    static let lifter = FoldedReadTests.lifter

    /// Five writes to a folded lifter: exactly five statements, each the `CALL`.
    @Test func aWriteToAFoldedLifterIsOneStatement() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            try await Self.untilListening(store)
            try await Self.enableCounting(url)
            try await FoldedReadTests.logSets(store, count: 1)
            let before = try await Self.statements(url)
            for _ in 0..<5 { try await FoldedReadTests.logSets(store, count: 1) }
            let made = Self.difference(try await Self.statements(url), before)
            #expect(made == [EventsSQL.AppendCommits.sql: 5], "statements of 5 writes: \(made)")
        }
    }

    /// Server B writes after server A's commit: its write folds A's rows first (one `SELECT`)
    /// and then calls; the write after that is the `CALL` alone again.
    @Test func aWriteAfterAnotherServersCommitFoldsItFirst() async throws {
        try await PostgresTestDatabase.withStores(2) { stores, url in
            let (a, b) = (stores[0], stores[1])
            try await Self.untilListening(a)
            try await Self.untilListening(b)
            try await Self.enableCounting(url)
            try await FoldedReadTests.logSets(b, count: 1)
            let heard = b.changes(Self.lifter)
            defer { heard.cancel() }
            try await FoldedReadTests.logSets(a, count: 1)
            #expect(await heard.wait(timeout: .seconds(10)) != nil)
            let before = try await Self.statements(url)
            try await FoldedReadTests.logSets(b, count: 1)
            let first = try await Self.statements(url)
            try await FoldedReadTests.logSets(b, count: 1)
            let made = (Self.difference(first, before), Self.difference(try await Self.statements(url), first))
            #expect(made.0.values.reduce(0, +) == 2 && made.0[EventsSQL.AppendCommits.sql] == 1, "after A's commit: \(made.0)")
            #expect(made.1 == [EventsSQL.AppendCommits.sql: 1], "the next write: \(made.1)")
        }
    }

    /// A store with the accounts watched listens on one connection for both channels, and
    /// `wlog serve users delete` still sees it (`listeningServers`: its last statement).
    @Test func oneListeningConnectionAServer() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            let log = try #require(try await store.accountsLog())
            log.watch {}
            try await Self.untilListening(store)
            let sql = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'"
            #expect(try await PostgresTestDatabase.column(url, sql, as: Int64.self) == [1])
            #expect(try await PostgresStore.listeningServers(at: url) == 1)
            await log.release()
        }
    }

    // MARK: Helpers

    static func untilListening(_ store: PostgresStore) async throws {
        for _ in 0..<1000 where !store.isListening { try await Task.sleep(for: .milliseconds(10)) }
        try #require(store.isListening)
    }

    /// `pg_stat_statements` in `url`'s database; fails, saying why, where the cluster does not load it.
    static func enableCounting(_ url: DatabaseURL) async throws {
        try await PostgresTestDatabase.admin(url) { client in
            _ = try await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        }
        do {
            _ = try await statements(url)
        } catch {
            Issue.record("pg_stat_statements is not loaded: start the cluster with scripts/pg-test-cluster.sh (\(String(reflecting: error)))")
            throw error
        }
    }

    /// Calls of each top-level statement in `url`'s database so far, these counting queries left out.
    static func statements(_ url: DatabaseURL) async throws -> [String: Int64] {
        try await PostgresTestDatabase.admin(url) { client in
            let query: PostgresQuery = """
                SELECT query, calls FROM pg_stat_statements
                WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND toplevel
                  AND query NOT LIKE '%pg_stat_statements%'
                """
            var calls: [String: Int64] = [:]
            for try await (query, count) in try await client.query(query).decode((String, Int64).self) { calls[query, default: 0] += count }
            return calls
        }
    }

    static func difference(_ after: [String: Int64], _ before: [String: Int64]) -> [String: Int64] {
        after.reduce(into: [:]) { result, entry in
            let made = entry.value - (before[entry.key] ?? 0)
            if made != 0 { result[entry.key] = made }
        }
    }
}
