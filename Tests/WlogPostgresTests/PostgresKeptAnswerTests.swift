import Synchronization
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// The PostgreSQL store keeps a dropped lifter's answers as the embedded store does
/// (`DroppedLifterAnswerTests`; docs/SERVER-STORAGE.md, "Answers of dropped lifters"): a repeated read is
/// given the kept answer without folding from the table while no commit past it was announced;
/// another server's commit (NOTIFY) or this server's write makes the next read fold and answer anew.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct PostgresKeptAnswerTests {
    static let now = Instant(iso8601: "2026-01-15T09:30:00Z")!

    struct Page: KeptAnswer, Equatable {
        let sets: Int
        var keptBytes: Int { 2_000 }
    }

    /// How many times a read's body ran.
    final class Computations: Sendable {
        private let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }

        func page() -> @Sendable (LifterView) -> Page {
            { view in
                self.count.add(1, ordering: .relaxed)
                return Page(sets: view.state.liveSets.count)
            }
        }
    }

    static func lifter(_ n: Int) -> LifterID { LifterID("00000000-0000-4000-8000-00000000010\(n)")! }

    static func logSets(_ store: PostgresStore, _ lifter: LifterID, count: Int) async throws {
        _ = try await store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, context in
            try decide(.logSets(LogSets(exercise: "bench-press", reps: 1, weight: .kg(100), count: count)), state: view.state, context: context)
        } render: { _, events in events.count }
    }

    @Test func aDroppedLiftersRepeatedReadIsItsKeptAnswerUntilACommitIsAnnounced() async throws {
        let answer = StateMemory.bytesPerAnswer + "page".utf8.count + 2_000
        // Three quarters of the limit (`StateMemory.statesLimit`, 30,000 bytes) hold one lifter of
        // four events with its page and another's kept page, not two lifters with their pages.
        let limit = 40_000
        try await PostgresTestDatabase.withStores(2, memoryLimit: limit) { stores, _ in
            let (other, store) = (stores[0], stores[1])
            let (a, b) = (Self.lifter(1), Self.lifter(2))
            let computations = Computations()
            try await Self.logSets(store, a, count: 4)
            #expect(try await store.read(a, cacheKey: "page", computations.page()) == Page(sets: 4))
            try await Self.logSets(store, b, count: 4)
            // A's state dropped for B's, its page kept.
            #expect(store.heldEstimate == answer + StateMemory.bytes(events: 4))
            let loads = store.loads
            for _ in 0..<3 { #expect(try await store.read(a, cacheKey: "page", computations.page()) == Page(sets: 4)) }
            #expect(store.loads == loads)
            #expect(computations.value == 1)

            // Another server commits to A: once announced, the next read folds and answers it.
            let watch = store.changes(a)
            defer { watch.cancel() }
            try await Self.logSets(other, a, count: 1)
            // This server's own commits are announced to it too, later than they landed: wait for
            // the announcement of position 5 (the other server's), not the first one that comes.
            var announced: UInt64 = 0
            while announced < 5, let position = await watch.wait(timeout: .seconds(10)) { announced = position }
            #expect(announced == 5)
            #expect(try await store.read(a, cacheKey: "page", computations.page()) == Page(sets: 5))
            #expect(store.loads == loads + 1)
            #expect(computations.value == 2)

            // This server's own write to a dropped A folds it (never a kept answer).
            _ = try await store.read(b, cacheKey: "page", computations.page())
            #expect(try await store.read(a, cacheKey: "page", computations.page()) == Page(sets: 5))
            #expect(computations.value == 3)
            let before = store.loads
            try await Self.logSets(store, a, count: 1)
            #expect(store.loads == before + 1)
            #expect(try await store.read(a, cacheKey: "page", computations.page()) == Page(sets: 6))
            #expect(computations.value == 4)
        }
    }
}
