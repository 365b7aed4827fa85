import Crypto
import Foundation
import NIOCore
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// What one write costs the database, counted by PostgreSQL itself (`pg_stat_statements`, which
/// `scripts/pg-test-cluster.sh` loads): on a folded lifter one statement, the prepared
/// `CALL wlog_append_commits`; after another server's commit one more, the fold of its rows, until
/// the servers send their commits' rows in notices; and one listening connection a server, whose
/// backend PostgreSQL wakes at every commit.
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

    /// Two servers writing one lifter in turn: the first write that finds the other's commit
    /// folds it from the table (a `SELECT`) and opens its server's notices (`NoticeWindow`); from
    /// then on each commit comes with its rows in its notice, and the other server's next write is
    /// the `CALL` alone. A server whose lifters no other server writes sends none
    /// (`aWriteToAFoldedLifterIsOneStatement`).
    @Test func writesAfterAnotherServersNoticedCommitAreOneStatement() async throws {
        try await PostgresTestDatabase.withStores(2) { stores, url in
            let (a, b) = (stores[0], stores[1])
            try await Self.untilListening(a)
            try await Self.untilListening(b)
            try await Self.enableCounting(url)
            let (plain, noticed) = (EventsSQL.AppendCommits.sql, EventsSQL.AppendNoticed.sql)
            try await FoldedReadTests.logSets(b, count: 1)
            try await FoldedReadTests.logSets(a, count: 2)
            #expect(!a.noticeWindow.isOpen && !b.noticeWindow.isOpen)
            try await Self.untilHeard(b, through: 3)
            var before = try await Self.statements(url)
            try await FoldedReadTests.logSets(b, count: 1)
            var made = Self.difference(try await Self.statements(url), before)
            #expect(made.count == 2 && made[noticed] == 1 && made[plain] == nil, "B after A's plain commit: \(made)")
            #expect(b.foldsFromTable.load(ordering: .relaxed) == 1 && b.noticeWindow.isOpen)
            for (writer, through) in [(a, UInt64(4)), (b, 5), (a, 6)] {
                try await Self.untilNoticed(writer, through: through)
                before = try await Self.statements(url)
                try await FoldedReadTests.logSets(writer, count: 1)
                made = Self.difference(try await Self.statements(url), before)
                #expect(made == [noticed: 1], "the write after the other's noticed commit \(through): \(made)")
            }
            #expect(a.foldsFromNotices.load(ordering: .relaxed) == 2 && b.foldsFromNotices.load(ordering: .relaxed) == 1)
            #expect(a.foldsFromTable.load(ordering: .relaxed) == 0 && b.foldsFromTable.load(ordering: .relaxed) == 1)
            #expect(try await b.read(Self.lifter) { $0.state.eventCount } == 7)
        }
    }

    /// How the notice of `aNoticeIsBelievedOnlyWithTheDatabasesKey` is made.
    enum Notice: CaseIterable, Sendable { case anotherKey, theKey, theKeyARowThatDoesNotFold }

    /// A commit notice is believed only with the database's key: one signed with another key
    /// (anyone who can connect may `NOTIFY`), carrying a set the table does not hold, is passed
    /// over and the state folds from the table; the same notice signed with the key is folded as
    /// sent (which is why only the roles that may read `wlog_notice_key` can be trusted with it);
    /// one signed with the key whose row does not fold leaves the lifter to the table, from its
    /// first row, and the read answers what the table holds.
    @Test(arguments: Notice.allCases) func aNoticeIsBelievedOnlyWithTheDatabasesKey(_ notice: Notice) async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            try await Self.untilListening(store)
            try await FoldedReadTests.logSets(store, count: 1)
            let line = try #require(try await PostgresTestDatabase.column(
                url, "SELECT line FROM wlog_events WHERE lifter = '\(Self.lifter.uuid)' AND position = 1", as: String.self).first)
            let forged = notice == .theKeyARowThatDoesNotFold ? "{\"seq\":2}" : line.replacingOccurrences(of: "\"seq\":1", with: "\"seq\":2")
                .replacingOccurrences(of: try #require(line.firstMatch(of: /"id":"([0-9a-f]+)"/)?.1).description, with: String(repeating: "e", count: 32))
            #expect(forged != line)
            let key = notice == .anotherKey
                ? SymmetricKey(size: .bits256)
                : SymmetricKey(data: Array(try #require(try await PostgresTestDatabase.column(url, "SELECT key FROM wlog_notice_key", as: ByteBuffer.self).first).readableBytesView))
            let payload = CommitNotice.payload(lifter: Self.lifter, first: 2, lines: [forged], key: key)
            let (fromNotices, fromTable) = (store.foldsFromNotices.load(ordering: .relaxed), store.foldsFromTable.load(ordering: .relaxed))
            try await PostgresTestDatabase.admin(url) { client in
                // As the procedure sends them: the notice, then the short form, in one transaction.
                _ = try await client.query("SELECT pg_notify(\(EventsSchema.channel), \(payload)), pg_notify(\(EventsSchema.channel), \(Self.lifter.uuid + " 2"))")
            }
            // One listener takes the channel's notifications in order: once the short form is heard,
            // the notice before it was taken or passed over.
            try await Self.untilHeard(store, through: 2)
            let count = try await store.read(Self.lifter) { $0.state.eventCount }
            #expect(count == (notice == .theKey ? 2 : 1))
            #expect(store.foldsFromNotices.load(ordering: .relaxed) == fromNotices + (notice == .theKey ? 1 : 0))
            #expect(store.foldsFromTable.load(ordering: .relaxed) == fromTable + (notice == .anotherKey ? 1 : 0))
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

    /// Waits until `store` holds the rows through `position` from commit notices.
    static func untilNoticed(_ store: PostgresStore, through position: UInt64) async throws {
        for _ in 0..<1000 where store.noticedThrough(Self.lifter) < position { try await Task.sleep(for: .milliseconds(10)) }
        try #require(store.noticedThrough(Self.lifter) >= position)
    }

    /// Waits until `store` heard of the commits through `position`.
    static func untilHeard(_ store: PostgresStore, through position: UInt64) async throws {
        for _ in 0..<1000 where store.heardPosition(Self.lifter) < position { try await Task.sleep(for: .milliseconds(10)) }
        try #require(store.heardPosition(Self.lifter) >= position)
    }

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
