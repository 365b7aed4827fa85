import Logging
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// The guarantees of one `CALL wlog_append` (`EventsSchema`), whose body inserts and announces
/// itself: a commit's rows land all or none, a taken position or id is a conflict, the call waits
/// for a lifter's exclusive turn, and each commit — only a commit — is announced with its last
/// position.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct AppendCallTests {
    /// Every test's stream.
    static var lifter: LifterID { PostgresStoreTests.lifter }

    /// A listener hears `"<lifter> <last position>"` for each commit, in commit order, and
    /// nothing for a call that failed; the procedure calls no other routine.
    @Test func eachCommitIsAnnouncedWithItsLastPosition() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            let heard = try await PostgresTestDatabase.admin(url) { client in
                try await client.withConnection { connection in
                    try await connection.listen(on: EventsSchema.channel) { notifications in
                        try await store.insert(try Self.rows(1...2), lifter: Self.lifter)
                        // Position 2 is taken: a conflict, not announced.
                        await #expect(throws: StoreError.self) { try await store.insert(try Self.rows(2...3), lifter: Self.lifter) }
                        try await store.insert(try Self.rows(3...3), lifter: Self.lifter)
                        var payloads: [String] = []
                        for try await notification in notifications {
                            payloads.append(notification.payload)
                            if payloads.count == 2 { break }
                        }
                        return payloads
                    }
                }
            }
            #expect(heard == ["\(Self.lifter) 2", "\(Self.lifter) 3"])
            let body = try await PostgresTestDatabase.column(url, "SELECT prosrc FROM pg_proc WHERE proname = 'wlog_append'", as: String.self)
            #expect(body.count == 1 && !body[0].contains("wlog_insert") && !body[0].contains("wlog_announce"))
        }
    }

    /// A commit whose second row takes a held position, or whose id the stream holds, inserts
    /// nothing and answers a conflict.
    @Test func aTakenPositionOrIdFailsTheWholeCommit() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            try await store.insert(try Self.rows(1...1), lifter: Self.lifter)
            await #expect(throws: StoreError.self) { try await store.insert(try Self.rows(0...1, first: 2), lifter: Self.lifter) }
            await #expect(throws: StoreError.self) { try await store.insert(try Self.rows(2...2, idOffset: -1), lifter: Self.lifter) }
            #expect(try await Self.positions(url) == [1])
            try await store.insert(try Self.rows(2...3), lifter: Self.lifter)
            #expect(try await Self.positions(url) == [1, 2, 3])
        }
    }

    /// While another server holds the lifter's exclusive turn (a retry), the call waits for the
    /// lock and commits only after that turn ended.
    @Test func aCallWaitsForTheLiftersExclusiveTurn() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            try await PostgresTestDatabase.admin(url) { client in
                try await client.withConnection { connection in
                    try await EventsSQL.transaction(on: connection, logger: Logger(label: "wlog.postgres.tests")) { run in
                        try await EventsSQL.takeTurn(Self.lifter, run: run)
                        let call = Task { try await store.insert(try Self.rows(1...1), lifter: Self.lifter) }
                        // Until the call's backend waits for the advisory lock (a condition, not a time).
                        var waiting: [Int64] = []
                        for _ in 0..<1000 where waiting != [1] {
                            waiting = try await PostgresTestDatabase.column(url, """
                                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock' AND NOT granted
                                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                                """, as: Int64.self)
                            if waiting != [1] { try await Task.sleep(for: .milliseconds(10)) }
                        }
                        #expect(waiting == [1])
                        #expect(try await Self.positions(url) == [])
                        return call
                    }
                }
            }.value
            #expect(try await Self.positions(url) == [1])
        }
    }

    // MARK: Helpers

    /// Rows of body-weight events at `positions` (ids `id(100 + position + idOffset)`), the first
    /// position renumbered to `first` when given.
    static func rows(_ positions: ClosedRange<Int>, first: Int? = nil, idOffset: Int = 0) throws -> EventRows {
        var rows = EventRows()
        for position in positions {
            let seq = position == positions.lowerBound ? (first ?? position) : position
            let id = PostgresStoreTests.id(UInt64(100 + position + idOffset)).hex
            try rows.append(line: """
                {"seq":\(seq),"id":"\(id)","type":"bodyweight.recorded","v":1,"at":"2026-10-31T07:00:00.000Z","tz":60,\
                "recorded":"2026-10-31T07:02:00.000Z","actor":"user","weight":"8\(position)","unit":"kg"}
                """, seq: UInt64(seq))
        }
        return rows
    }

    /// The lifter's positions in the table, in order.
    static func positions(_ url: DatabaseURL) async throws -> [Int64] {
        try await PostgresTestDatabase.column(url, "SELECT position FROM wlog_events WHERE lifter = '\(lifter)' ORDER BY position", as: Int64.self)
    }
}
