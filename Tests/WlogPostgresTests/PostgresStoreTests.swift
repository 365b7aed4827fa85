import Foundation
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// The PostgreSQL store keeps `JournalStore`'s contract: same commits → same lines, byte for byte;
/// a retried id appends nothing; a refusal appends nothing; watches wake on commits.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct PostgresStoreTests {
    static let lifter = LifterID("22222222-2222-4222-8222-222222222222")!
    static let now = Instant(iso8601: "2026-01-15T09:30:00Z")!

    @Test func holdsTheJournalsLinesByteForByte() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, _ in
            let database = stores[0]
            let folder = NSTemporaryDirectory() + "wlog-pg-tests-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let journal = try JournalStore(root: folder)
            for store in [database, journal] as [any LifterStore] {
                let first = try await Self.bodyweight(store, 80.5, id: Self.id(1))
                #expect(first == [Self.id(1)])
                // A retry of the same id appends nothing and answers with no events.
                #expect(try await Self.bodyweight(store, 80.5, id: Self.id(1)) == [])
                // A refusal (a negative weight) appends nothing.
                await #expect(throws: StoreError.self) { try await Self.bodyweight(store, -1, id: Self.id(2)) }
                // Two events in one commit.
                let pair = try await store.write(Self.lifter, at: Self.now, actor: "api", fixedIDs: [Self.id(3), Self.id(4)]) { view, context in
                    try WlogCore.decide(.recordBodyweight(weight: .kg(81), at: nil, notes: "a"), state: view.state, context: context)
                        + WlogCore.decide(.recordBodyweight(weight: .kg(82), at: nil, notes: "b"), state: view.state, context: context)
                } render: { view, events in [view.state.lastSeq] + events.map(\.seq) }
                #expect(pair == [3, 2, 3])
                #expect(try await store.read(Self.lifter) { $0.state.eventCount } == 3)
            }
            let fromDatabase = try await database.events(Self.lifter, after: 0, limit: 10)
            let fromJournal = try await journal.events(Self.lifter, after: 0, limit: 10)
            #expect(fromDatabase.lines.count == 3)
            #expect(fromDatabase == fromJournal)
            let paged = try await database.events(Self.lifter, after: 1, limit: 1)
            #expect(paged.lines.map(\.seq) == [2] && paged.next == 2 && paged.hasMore)
            #expect(try await database.events(Self.lifter, after: 3, limit: 5) == EventFeedPage(lines: [], next: 3, hasMore: false))
        }
    }

    @Test func aWriteThroughOneServerWakesAndReachesTheOther() async throws {
        try await PostgresTestDatabase.withStores(2) { stores, _ in
            let (a, b) = (stores[0], stores[1])
            #expect(try await b.read(Self.lifter) { $0.state.eventCount } == 0)
            let watch = b.changes(Self.lifter)
            defer { watch.cancel() }
            _ = try await Self.bodyweight(a, 90, id: Self.id(7))
            let posted = await watch.wait(timeout: .seconds(10))
            #expect(posted == 1)
            #expect(try await b.read(Self.lifter) { [UInt64($0.state.eventCount), $0.state.lastSeq] } == [1, 1])
            // B writes on top of what A wrote: position 2, no conflict left behind.
            _ = try await Self.bodyweight(b, 91, id: Self.id(8))
            let page = try await a.events(Self.lifter, after: 0, limit: 10)
            #expect(page.lines.map(\.seq) == [1, 2])
        }
    }

    /// A cached answer (`read(cacheKey:)`) is never served after another server's commit moved the stream.
    @Test func cachedAnswersFollowTheOtherServersWrites() async throws {
        try await PostgresTestDatabase.withStores(2) { stores, _ in
            let (a, b) = (stores[0], stores[1])
            let count: @Sendable (LifterView) -> Int = { $0.state.eventCount }
            #expect(try await b.read(Self.lifter, cacheKey: "count", count) == 0)
            let watch = b.changes(Self.lifter)
            defer { watch.cancel() }
            _ = try await Self.bodyweight(a, 90, id: Self.id(9))
            #expect(await watch.wait(timeout: .seconds(10)) != nil)
            #expect(try await b.read(Self.lifter, cacheKey: "count", count) == 1)
            // The same key at the same position is answered from the cache: `body` does not run.
            #expect(try await b.read(Self.lifter, cacheKey: "count") { _ in -1 } == 1)
        }
    }

    // MARK: Helpers

    /// Records a body weight with the first id `id`; the ids of the events that landed.
    @discardableResult
    static func bodyweight(_ store: any LifterStore, _ kg: Double, id: EventID, lifter: LifterID = lifter) async throws -> [EventID] {
        try await store.write(lifter, at: now, actor: "api", fixedIDs: [id]) { view, context in
            try WlogCore.decide(.recordBodyweight(weight: .kg(kg), at: nil, notes: nil), state: view.state, context: context)
        } render: { _, events in events.map(\.id) }
    }

    static func id(_ n: UInt64) -> EventID { EventID(hex: String(repeating: "0", count: 16) + String(format: "%016llx", n))! }
}
