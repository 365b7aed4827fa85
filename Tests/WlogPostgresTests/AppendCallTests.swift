import Logging
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// The guarantees of one `CALL wlog_append_commits` (`EventsSchema`), whose body inserts and
/// announces itself, and of the groups `GroupAppend` sends through it: a commit's rows land all or
/// none, a taken position or id is that commit's conflict alone, the call waits for a lifter's
/// exclusive turn, commits that wait go together in one call, and each commit — only a commit — is
/// announced with its last position.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct AppendCallTests {
    /// Every test's stream.
    static var lifter: LifterID { PostgresStoreTests.lifter }

    /// A listener hears `"<lifter> <last position>"` for each commit, in commit order — with
    /// `notices`, each just after the commit's notice (`CommitNotice`: the rows as the table holds
    /// them, under a MAC this server's key checks) — and nothing for a call that failed; the
    /// procedures call no other routine.
    @Test(arguments: [false, true]) func eachCommitIsAnnouncedWithItsLastPosition(notices: Bool) async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            if notices { store.noticeWindow.note() }
            let expected = notices ? 4 : 2
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
                            if payloads.count == expected { break }
                        }
                        return payloads
                    }
                }
            }
            let body = try await PostgresTestDatabase.column(
                url, "SELECT prosrc FROM pg_proc WHERE proname IN ('wlog_append_commits', 'wlog_append_noticed')", as: String.self)
            #expect(body.count == 2 && body.allSatisfy { !$0.contains("wlog_insert") && !$0.contains("wlog_announce") })
            guard notices else {
                #expect(heard == ["\(Self.lifter) 2", "\(Self.lifter) 3"])
                return
            }
            #expect(heard.count == 4 && [heard[1], heard[3]] == ["\(Self.lifter) 2", "\(Self.lifter) 3"])
            let key = try #require(store.noticeKey.withLock { $0 })
            let lines = try await PostgresTestDatabase.column(
                url, "SELECT line FROM wlog_events WHERE lifter = '\(Self.lifter.uuid)' ORDER BY position", as: String.self)
            for (notice, (first, rows)) in zip([heard[0], heard[2]], [(1, lines[0...1]), (3, lines[2...2])]) {
                let header = try #require(CommitNotice.header(notice), "\(notice.prefix(120))")
                let read = try #require(CommitNotice.lines(of: notice, header, key: key), "\(notice.prefix(120))")
                #expect(header.lifter == Self.lifter && header.first == UInt64(first) && read.map(String.init) == Array(rows))
                // One byte changed and the MAC no longer checks.
                #expect(CommitNotice.lines(of: notice.replacingOccurrences(of: "\"seq\":", with: "\"seq\" :"), header, key: key) == nil)
            }
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
                        try await Self.untilWaitingForLocks(1, url)
                        #expect(try await Self.positions(url) == [])
                        return call
                    }
                }
            }.value
            #expect(try await Self.positions(url) == [1])
        }
    }

    /// With every call in flight held (as many lifters' exclusive turns taken elsewhere), the
    /// other lifters' commits wait, and go in one call when the turns end: twelve commits in
    /// `GroupAppend.calls + 1` calls, every lifter's two rows in its stream, each lifter announced
    /// once at position 2.
    @Test func commitsThatWaitGoInOneCall() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            let lifters = (1...12).map(Self.lifter(_:)), inFlight = GroupAppend.calls
            try await WriteRoundTripTests.enableCounting(url)
            let before = try await WriteRoundTripTests.statements(url)
            let heard = try await Self.heard(lifters.count, url) {
                try await Self.holdingTurns(of: Array(lifters.prefix(inFlight)), url) {
                    var calls: [Task<Void, any Error>] = []
                    for (n, lifter) in lifters.enumerated() {
                        calls.append(Task { try await store.insert(try Self.rows(1...2), lifter: lifter) })
                        // The first ones each take a call of their own, which waits for the turn.
                        if n < inFlight { try await Self.untilWaitingForLocks(n + 1, url) }
                    }
                    try await Self.until { store.appends.waitingCount == lifters.count - inFlight }
                    return calls
                }
            }
            #expect(Set(heard) == Set(lifters.map { "\($0) 2" }) && heard.count == 12)
            let made = WriteRoundTripTests.difference(try await WriteRoundTripTests.statements(url), before)
            #expect(made[EventsSQL.AppendCommits.sql] == Int64(inFlight + 1), "calls: \(made)")
            for lifter in lifters { #expect(try await Self.positions(url, of: lifter) == [1, 2]) }
        }
    }

    /// A group holding a commit whose first position is taken: that lifter's second row, inserted,
    /// is removed again and its commit answers a conflict, while the other lifters' commits land.
    @Test func aTakenPositionInAGroupFailsOnlyItsCommit() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, url in
            let store = stores[0]
            let held = (1...GroupAppend.calls).map(Self.lifter(_:))
            let (taken, free) = (Self.lifter(11), Self.lifter(12))
            try await WriteRoundTripTests.enableCounting(url)
            let before = try await WriteRoundTripTests.statements(url)
            try await store.insert(try Self.rows(1...1), lifter: taken)
            let outcome = try await Self.holdingTurns(of: held, url) {
                var calls: [Task<Void, any Error>] = []
                for (n, lifter) in held.enumerated() {
                    calls.append(Task { try await store.insert(try Self.rows(1...1), lifter: lifter) })
                    try await Self.untilWaitingForLocks(n + 1, url)
                }
                let conflicting = Task { try await store.insert(try Self.rows(1...2, idOffset: 10), lifter: taken) }
                let other = Task { try await store.insert(try Self.rows(1...1), lifter: free) }
                try await Self.until { store.appends.waitingCount == 2 }
                return (calls, conflicting, other)
            }
            for call in outcome.0 { try await call.value }
            await #expect(throws: StoreError.self) { try await outcome.1.value }
            try await outcome.2.value
            #expect(try await Self.positions(url, of: taken) == [1])
            // One call for the group (after the first insert and the held calls): its refused
            // commit was not sent again, nor the others.
            let made = WriteRoundTripTests.difference(try await WriteRoundTripTests.statements(url), before)
            #expect(made[EventsSQL.AppendCommits.sql] == Int64(1 + held.count + 1), "calls: \(made)")
            #expect(try await Self.positions(url, of: free) == [1])
            for lifter in held { #expect(try await Self.positions(url, of: lifter) == [1]) }
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
    static func positions(_ url: DatabaseURL, of lifter: LifterID = lifter) async throws -> [Int64] {
        try await PostgresTestDatabase.column(url, "SELECT position FROM wlog_events WHERE lifter = '\(lifter)' ORDER BY position", as: Int64.self)
    }

    /// The `n`th of the group tests' lifters.
    static func lifter(_ n: Int) -> LifterID {
        LifterID("33333333-3333-4333-8333-" + String(repeating: "0", count: 12 - String(n).count) + String(n))!
    }

    /// Runs `start` holding the exclusive turns of `lifters` (another server's retries), then ends
    /// them and awaits what `start` returned once they ended.
    static func holdingTurns<R: Sendable>(of lifters: [LifterID], _ url: DatabaseURL, _ start: @escaping @Sendable () async throws -> R) async throws -> R {
        try await PostgresTestDatabase.admin(url) { client in
            try await client.withConnection { connection in
                try await EventsSQL.transaction(on: connection, logger: Logger(label: "wlog.postgres.tests")) { run in
                    for lifter in lifters { try await EventsSQL.takeTurn(lifter, run: run) }
                    return try await start()
                }
            }
        }
    }

    /// Until `count` backends wait for an advisory lock taken shared (a condition, not a time).
    static func untilWaitingForLocks(_ count: Int, _ url: DatabaseURL) async throws {
        let count = Int64(count)
        var waiting: [Int64] = []
        for _ in 0..<1000 where waiting != [count] {
            waiting = try await PostgresTestDatabase.column(url, """
                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock' AND NOT granted
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """, as: Int64.self)
            if waiting != [count] { try await Task.sleep(for: .milliseconds(10)) }
        }
        try #require(waiting == [count])
    }

    /// Until `condition` holds (checked every 10 ms, 10 s at most).
    static func until(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        try #require(condition())
    }

    /// The first `count` payloads on the events channel heard while `body` runs and its calls end.
    static func heard(_ count: Int, _ url: DatabaseURL, _ body: @escaping @Sendable () async throws -> [Task<Void, any Error>]) async throws -> [String] {
        try await PostgresTestDatabase.admin(url) { client in
            try await client.withConnection { connection in
                try await connection.listen(on: EventsSchema.channel) { notifications in
                    for call in try await body() { try await call.value }
                    var payloads: [String] = []
                    for try await notification in notifications where CommitNotice.header(notification.payload) == nil {
                        payloads.append(notification.payload)
                        if payloads.count == count { break }
                    }
                    return payloads
                }
            }
        }
    }
}
