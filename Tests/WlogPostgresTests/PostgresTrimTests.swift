import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// The PostgreSQL store's memory bound counts the answers it keeps (`AnswerCache`, `KeptAnswer`)
/// and trims by the same rule as the embedded store's (`StoreTests.keptAnswersCountInTheBound`):
/// eight lifters with a 256 KiB page each, a bound of three lifters' worth, never more held than the bound.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct PostgresTrimTests {
    static let now = Instant(iso8601: "2026-01-15T09:30:00Z")!

    @Test func keptAnswersCountInTheBound() async throws {
        struct Page: KeptAnswer { let keptBytes: Int }
        let page = 256 << 10
        let limit = 3 * (StateMemory.bytes(events: 4) + page + 1024)
        try await PostgresTestDatabase.withStores(1, memoryLimit: limit) { stores, _ in
            let store = stores[0]
            for n in 1...8 {
                let lifter = try #require(LifterID("00000000-0000-4000-8000-00000000000\(n)"))
                _ = try await store.write(lifter, at: Self.now, actor: "api", fixedIDs: []) { view, context in
                    try decide(.logSets(LogSets(exercise: "bench-press", reps: 1, weight: .kg(100), count: 4)), state: view.state, context: context)
                } render: { _, events in events.count }
                _ = try await store.read(lifter, cacheKey: "page") { _ in Page(keptBytes: page) }
                #expect(store.heldEstimate <= limit, "\(store.heldEstimate) bytes held, the bound \(limit)")
            }
            #expect(store.heldEstimate >= page, "the latest lifter's page is counted")
            // The embedded store's rule (`StateMemory.trim(_:memoryLimit:unload:)`): within three
            // quarters of the limit, dropped lifters' pages past their share (a quarter of that) gone.
            #expect(store.heldEstimate <= StateMemory.statesLimit(of: limit))
            #expect(store.heldEstimate == 2 * (StateMemory.bytes(events: 4) + page + 1024 + "page".utf8.count))
        }
    }
}
