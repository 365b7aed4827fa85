import Foundation
import Synchronization
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// Two stores ("servers") on one database under concurrent writes to the same lifters, and a
/// database restarted mid-load: every acknowledged write is there once, positions are dense.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct PostgresLoadTests {
    static let lifters = (1...4).map { LifterID("33333333-3333-4333-8333-00000000000\($0)")! }

    @Test func twoServersWritingTheSameLiftersLoseNothing() async throws {
        try await PostgresTestDatabase.withStores(2) { stores, url in
            let tally = Tally()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (s, store) in stores.enumerated() {
                    for (l, lifter) in Self.lifters.prefix(3).enumerated() {
                        for task in 0..<3 {
                            group.addTask {
                                for n in 0..<20 {
                                    let id = Self.id(store: s, lifter: l, task: task, n: n)
                                    await tally.write(store, lifter, id)
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let acknowledged = tally.acknowledged
            print("two servers: \(acknowledged.count) writes acknowledged, \(tally.failures.count) failed, \(tally.longest) longest")
            #expect(acknowledged.count + tally.failures.count == 2 * 3 * 3 * 20)
            #expect(tally.failures.isEmpty, "\(tally.failures.prefix(3))")
            try await Self.expectStreams(url, acknowledged: acknowledged, failed: tally.failures.map(\.id))
            // Each server reads every lifter's whole stream.
            for store in stores {
                for lifter in Self.lifters.prefix(3) {
                    let count = try await store.read(lifter) { $0.state.eventCount }
                    #expect(count == acknowledged.filter { $0.lifter == lifter }.count)
                }
            }
        }
    }

    @Test func aDatabaseRestartMidLoadLosesNoAcknowledgedWrite() async throws {
        let folder = NSTemporaryDirectory() + "wlog-pg-restart-" + UUID().uuidString
        let own = try await PostgresTestDatabase.ownCluster(folder)
        do {
            try await Self.restartMidLoad(own, folder: folder)
        } catch {
            _ = try await PostgresTestDatabase.script("stop", folder: folder)
            throw error
        }
        _ = try await PostgresTestDatabase.script("stop", folder: folder)
    }

    static func restartMidLoad(_ own: DatabaseURL, folder: String) async throws {
        try await PostgresTestDatabase.withStores(2, timeout: .seconds(2), on: own) { stores, url in
            let tally = Tally()
            let stop = Tally.Flag(), recovered = Tally.Flag()
            let restartEnded = Tally.Flag()
            let restart = Task {
                try? await Task.sleep(for: .milliseconds(800))
                defer { restartEnded.set() }
                return try? await PostgresTestDatabase.script("restart", folder: folder)
            }
            // A run of the full suite once waited here for over 20 minutes, idle: past the load's
            // bound, say what every part is doing, so that a hang names its cause.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(180))
                print("database restart: still loading after 180 s: restart ended \(restartEnded.isSet), stop \(stop.isSet), "
                      + "recovered \(recovered.isSet), \(tally.acknowledged.count) acknowledged, \(tally.failures.count) failed, "
                      + "writers in a write \(tally.inWrite); \(DeadlineTimer.shared.summary); "
                      + stores.map { "store: \($0.appends.summary), listening \($0.isListening)" }.joined(separator: "; "))
            }
            defer { watchdog.cancel() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (s, store) in stores.enumerated() {
                    for (l, lifter) in Self.lifters.enumerated() {
                        group.addTask {
                            for n in 0..<400 where !stop.isSet {
                                await tally.write(store, lifter, Self.id(store: s, lifter: l, task: 0, n: n))
                            }
                        }
                    }
                }
                group.addTask {
                    _ = await restart.value
                    // Load goes on after the database is back until every writer has succeeded
                    // again (a count, not a time: a busy machine reconnects slower), at most 60 s.
                    let before = tally.acknowledged.count, writers = stores.count * Self.lifters.count
                    for _ in 0..<600 where tally.acknowledged.count < before + 2 * writers {
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    if tally.acknowledged.count >= before + 2 * writers { recovered.set() }
                    stop.set()
                }
                try await group.waitForAll()
            }
            let restarted = await restart.value
            #expect(restarted == 0)
            let acknowledged = tally.acknowledged
            print("""
                database restart: \(acknowledged.count) writes acknowledged, \(tally.failures.count) failed during the outage \
                (\(Set(tally.failures.map(\.reason)).sorted().joined(separator: "; ").prefix(300))), longest call \(tally.longest)
                """)
            // Errors, not hangs: a write is at most a fold, the append and `attempts - 1` retries in
            // the lifter's turn, each database call under the 2 s limit (a hang would last until the
            // load stops, 60 s and more). Its calls' time is wall time: run beside the CPU-bound
            // suites of `make test`'s first run, the longest write took 14–15 s (with each commit
            // sent alone as with groups), 0.3 s when run alone.
            let bound = Duration.seconds(2) * (PostgresStore.attempts + 1) + .seconds(2)
            #expect(tally.longest < bound, "a call stalled \(tally.longest)")
            // Recovered by itself: each store writes and reads again, and hears the other.
            for (s, store) in stores.enumerated() {
                let lifter = Self.lifters[0]
                let watch = stores[1 - s].changes(lifter)
                await tally.write(store, lifter, Self.id(store: s, lifter: 9, task: 9, n: 9))
                #expect(await watch.wait(timeout: .seconds(10)) != nil)
                watch.cancel()
            }
            // The load recovered: twice as many writes as writers acknowledged after the restart
            // (not "fewer failures than acknowledged writes": under make test's load the 800 ms
            // before the restart may acknowledge fewer writes than the outage fails, 19 and 19).
            #expect(recovered.isSet, "the writes were not acknowledged again within 60 s of the restart")
            try await Self.expectStreams(url, acknowledged: tally.acknowledged, failed: tally.failures.map(\.id))
            for store in stores {
                let count = try await store.read(Self.lifters[0]) { $0.state.eventCount }
                let rows = try await PostgresTestDatabase.column(
                    url, "SELECT count(*) FROM wlog_events WHERE lifter = '\(Self.lifters[0].uuid)'", as: Int64.self)
                #expect(Int64(count) == rows.first)
            }
        }
    }

    /// Every acknowledged id is in the table once, the rest are ids of failed writes (whose
    /// outcome the client could not know), and each lifter's positions run 1…count.
    static func expectStreams(_ url: DatabaseURL, acknowledged: [Write], failed: [EventID]) async throws {
        let rows = try await PostgresTestDatabase.column(url, "SELECT lifter::text || ' ' || event_id FROM wlog_events", as: String.self)
        let held = Set(rows)
        #expect(rows.count == held.count)
        let acked = Set(acknowledged.map { "\($0.lifter.uuid) \($0.id.hex)" })
        #expect(acked.isSubset(of: held), "lost: \(acked.subtracting(held).prefix(3))")
        let failedIDs = Set(failed.map(\.hex))
        #expect(held.subtracting(acked).allSatisfy { failedIDs.contains(String($0.split(separator: " ")[1])) })
        let gaps = try await PostgresTestDatabase.column(url, """
            SELECT lifter::text FROM wlog_events GROUP BY lifter
            HAVING count(*) <> max(position) OR count(DISTINCT position) <> count(*) OR min(position) <> 1
            """, as: String.self)
        #expect(gaps.isEmpty, "positions repeated or skipped for \(gaps)")
    }

    static func id(store: Int, lifter: Int, task: Int, n: Int) -> EventID {
        EventID(hex: String(format: "%08x%08x%08x%08x", 0xA000_0000 + store, lifter, task, n))!
    }

    struct Write: Sendable { var lifter: LifterID; var id: EventID }
    struct Failure: Sendable { var id: EventID; var reason: String }

    /// What the load saw: writes acknowledged, writes failed (and why), the longest call.
    final class Tally: Sendable {
        /// A flag the load's tasks look at between writes.
        final class Flag: Sendable {
            private let value = Atomic<Bool>(false)
            var isSet: Bool { value.load(ordering: .relaxed) }
            func set() { value.store(true, ordering: .relaxed) }
        }

        private struct State {
            var acknowledged: [Write] = []
            var failures: [Failure] = []
            var longest: Duration = .zero
            var inWrite = 0
        }

        private let state = Mutex(State())
        var acknowledged: [Write] { state.withLock { $0.acknowledged } }
        var failures: [Failure] { state.withLock { $0.failures } }
        var longest: Duration { state.withLock { $0.longest } }
        /// Writes begun and not yet ended.
        var inWrite: Int { state.withLock { $0.inWrite } }

        /// Records a body weight with id `id` through `store` and tallies the outcome.
        func write(_ store: any LifterStore, _ lifter: LifterID, _ id: EventID) async {
            let clock = ContinuousClock()
            let start = clock.now
            state.withLock { $0.inWrite += 1 }
            defer { state.withLock { $0.inWrite -= 1 } }
            do {
                let landed = try await PostgresStoreTests.bodyweight(store, 80, id: id, lifter: lifter)
                let took = clock.now - start
                state.withLock { state in
                    state.longest = max(state.longest, took)
                    if landed == [id] { state.acknowledged.append(Write(lifter: lifter, id: id)) }
                }
            } catch {
                let took = clock.now - start
                let reason = (error as? StoreError).map { String(describing: $0).prefix(80) } ?? "\(error)".prefix(80)
                state.withLock { state in
                    state.longest = max(state.longest, took)
                    state.failures.append(Failure(id: id, reason: String(reason)))
                }
            }
        }
    }
}
