import Foundation
import Logging
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// The PostgreSQL store reads as the embedded store does: from the lifter's folded state, with
/// the workout catalog and the kept answers beside it, never from the database once folded; and
/// what another server writes reaches those reads (NOTIFY), never a stale catalog or answer.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct FoldedReadTests {
    static let lifter = PostgresStoreTests.lifter
    static let other = LifterID("33333333-3333-4333-8333-333333333333")!

    /// With the events table locked against every use by another connection (ACCESS EXCLUSIVE),
    /// a folded lifter's history, workout and kept answer still come back, the same as before;
    /// a lifter not folded yet cannot be read (the lock holds: the store's deadline answers).
    /// The deadline is 10 s, not less: under `make test`'s parallel suites a fold before the lock
    /// has taken over 2 s; a read that touched the locked table would still wait it out and fail.
    @Test func aFoldedLiftersReadsNeverTouchTheDatabase() async throws {
        try await PostgresTestDatabase.withStores(1, timeout: .seconds(10)) { stores, url in
            let store = stores[0]
            // Until its listener runs, a store folds on every use (it could miss a commit).
            for _ in 0..<1000 where !store.isListening { try await Task.sleep(for: .milliseconds(10)) }
            #expect(store.isListening)
            for round in 0..<3 { try await Self.logSets(store, count: round + 1) }
            let before = try await Self.history(store)
            #expect(before.count == 1 && before[0].exercises.count == 1)
            // The second read of a sequence makes the catalog; the third answers from it.
            #expect(try await Self.history(store) == before)
            let count: @Sendable (LifterView) -> Int = { $0.state.eventCount }
            let events = try await store.read(Self.lifter, cacheKey: "count", count)
            try await PostgresTestDatabase.admin(url) { client in
                var logger = Logger(label: "wlog.postgres.tests")
                logger.logLevel = .critical
                try await client.withTransaction(logger: logger) { connection in
                    try await connection.query("LOCK TABLE wlog_events IN ACCESS EXCLUSIVE MODE", logger: logger)
                    #expect(try await Self.history(store) == before)
                    #expect(try await Self.workout(store, before[0].key) == before[0])
                    #expect(try await store.read(Self.lifter, cacheKey: "count") { _ in -1 } == events)
                    await #expect(throws: StoreError.self) { try await store.read(Self.other, count) }
                }
            }
        }
    }

    /// Server B's catalog and kept answers follow server A's commits: B reads A's sets, A logs
    /// more, B's next read (after the notification) lists them — the same answer A gives.
    @Test func theCatalogFollowsTheOtherServersWrites() async throws {
        try await PostgresTestDatabase.withStores(2) { stores, _ in
            let (a, b) = (stores[0], stores[1])
            try await Self.logSets(a, count: 2)
            let first = try await Self.history(b)
            #expect(try await Self.history(b) == first)
            #expect(first.count == 1)
            let watch = b.changes(Self.lifter)
            defer { watch.cancel() }
            try await Self.logSets(a, count: 3)
            #expect(await watch.wait(timeout: .seconds(10)) != nil)
            let second = try await Self.history(b)
            #expect(second != first)
            #expect(second == (try await Self.history(a)))
            #expect(try await Self.workout(b, second[0].key) == second[0])
            // B writes on the state it folded; A's catalog follows B as well.
            let heard = a.changes(Self.lifter)
            defer { heard.cancel() }
            try await Self.logSets(b, count: 1)
            let third = try await Self.history(b)
            #expect(third != second)
            #expect(await heard.wait(timeout: .seconds(10)) != nil)
            #expect(try await Self.history(a) == third)
        }
    }

    // MARK: Helpers

    static let now = PostgresStoreTests.now

    static func logSets(_ store: any LifterStore, count: Int) async throws {
        try await store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, context in
            try WlogCore.decide(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), count: count)),
                                state: view.state, context: context)
        } render: { _, _ in () }
    }

    static func history(_ store: any LifterStore) async throws -> [WorkoutSummary] {
        try await store.read(lifter) { view in
            view.historyItems(HistoryFilter(), context: view.queryContext(now: now)) { $0 }.items
        }
    }

    static func workout(_ store: any LifterStore, _ key: WorkoutKey) async throws -> WorkoutSummary? {
        try await store.read(lifter) { view in view.workoutSummary(key, context: view.queryContext(now: now)) }
    }
}
