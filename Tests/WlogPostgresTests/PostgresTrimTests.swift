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

    /// A write that loads its lifter and is then refused still trims: the state it loaded counts.
    /// Three quarters of the bound hold one lifter of four events, not two.
    @Test func aRefusedWriteThatLoadedItsLifterTrims() async throws {
        struct Refused: Error {}
        let limit = 30_000
        try await PostgresTestDatabase.withStores(1, memoryLimit: limit) { stores, _ in
            let store = stores[0]
            let (a, b) = (try #require(LifterID("00000000-0000-4000-8000-0000000000a1")),
                          try #require(LifterID("00000000-0000-4000-8000-0000000000b2")))
            for lifter in [a, b] {
                _ = try await store.write(lifter, at: Self.now, actor: "api", fixedIDs: []) { view, context in
                    try decide(.logSets(LogSets(exercise: "bench-press", reps: 1, weight: .kg(100), count: 4)), state: view.state, context: context)
                } render: { _, events in events.count }
            }
            #expect(store.heldEstimate == StateMemory.bytes(events: 4), "A dropped for B")
            await #expect(throws: Refused.self) {
                _ = try await store.write(a, at: Self.now, actor: "api", fixedIDs: []) { _, _ in throw Refused() } render: { _, events in events.count }
            }
            #expect(store.heldEstimate == StateMemory.bytes(events: 4), "B dropped for the A the refused write loaded")
        }
    }
}
