import Foundation
import Testing
import WlogCore
import WlogStore
import WlogTestSupport

/// `JournalStore` on its own: it folds in what the CLI appended, keeps memory within its bound
/// (and answers the same after a reload), and loses no write under concurrency.
@Suite struct StoreTests {
    static let now = ServerHarness.now

    /// A fresh store under a temp folder (removed by `remove`).
    struct Fixture {
        let root = NSTemporaryDirectory() + "wlog-store-tests-" + UUID().uuidString
        let store: JournalStore

        init(memoryLimit: Int = 64 << 20, flush: JournalStore.CommitFlush = .each) throws {
            store = try JournalStore(root: root, memoryLimit: memoryLimit, flush: flush)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        /// Runs the CLI on the lifter's journal.
        func wlog(_ lifter: LifterID, _ arguments: [String]) async throws -> ChildOutput {
            try await ServerHarness.wlog(["--journal", store.journalPath(of: lifter)] + arguments)
        }
    }

    static func lifter(_ n: Int) -> LifterID {
        LifterID(String(format: "%08x-0000-4000-8000-%012x", n, n))!
    }

    /// Logs `count` bench sets of `reps` × `kg` as one commit; the events that landed.
    @discardableResult
    static func logSets(_ store: JournalStore, _ lifter: LifterID, reps: Int = 5, kg: Double = 100, count: Int = 1,
                        at now: Instant = now) async throws -> Int {
        try await store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, context in
            try decide(.logSets(LogSets(exercise: "bench-press", reps: reps, weight: .kg(kg), count: count)), state: view.state, context: context)
        } render: { _, events in events.count }
    }

    /// What a read sees: last sequence, live sets, total reps.
    static func summary(_ store: JournalStore, _ lifter: LifterID) async throws -> [Int] {
        try await store.read(lifter) { view in
            [Int(view.state.lastSeq), view.state.liveSets.count, view.state.liveSets.reduce(0) { $0 + ($1.reps ?? 0) }]
        }
    }

    @Test func foldsInWhatTheCLIAppendedWithoutARestart() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = fixture.store, lifter = Self.lifter(1)
        try await Self.logSets(store, lifter, reps: 5, count: 2)
        #expect(try await Self.summary(store, lifter) == [2, 2, 10])
        let cached = { try await store.read(lifter, cacheKey: "sets") { view in view.state.liveSets.count } }
        #expect(try await cached() == 2)

        // The CLI appends to the same file while the store holds the state in memory.
        let cli = try await fixture.wlog(lifter, ["append", "set", "bench press", "110kgx3", "@9"])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(try await Self.summary(store, lifter) == [3, 3, 13])
        #expect(try await cached() == 3)
        // The CLI's set was performed at the store's instant: history orders the two by logged-at
        // and id (docs/SYNC.md), not by sequence, so it is found by its reps.
        let cliSet = try await store.read(lifter) { view in
            view.state.liveSets.filter { $0.reps == 3 }.map { [$0.reps ?? 0, Int($0.weight?.kilograms ?? 0)] }
        }
        #expect(cliSet == [[3, 110]])

        // The store's next write follows the CLI's commit; the CLI reads both.
        try await Self.logSets(store, lifter, reps: 2, kg: 120)
        #expect(try await Self.summary(store, lifter) == [4, 4, 15])
        let cliAgain = try await fixture.wlog(lifter, ["append", "set", "bench press", "60kgx10", "--type", "warmup"])
        #expect(cliAgain.status == 0, "\(cliAgain.stderr)")
        #expect(try await Self.summary(store, lifter) == [5, 5, 25])
        let events = try await fixture.wlog(lifter, ["events"]).stdout.split(separator: "\n")
        #expect(events.count == 5)
        #expect(events.map { JSON.parse(Array($0.utf8))?["actor"] } == ["api", "api", "user", "api", "user"].map { JSON.string($0) })
        await #expect(try fixture.wlog(lifter, ["verify"]).status == 0)

        // A journal replaced by another one (another journal id) is folded again from the start.
        let path = store.journalPath(of: lifter)
        try FileManager.default.removeItem(atPath: path)
        let made = try await fixture.wlog(lifter, ["init"])
        #expect(made.status == 0, "\(made)")
        let logged = try await fixture.wlog(lifter, ["append", "set", "bench press", "50kgx1"])
        #expect(logged.status == 0, "\(logged)")
        // `wlog init` records its settings first: the set is sequence 2.
        await #expect(try fixture.wlog(lifter, ["events"]).stdout.split(separator: "\n").count == 2)
        #expect(try await Self.summary(store, lifter) == [2, 1, 1])
    }

    /// A kept answer is given without running the read again (on the request's own thread), and
    /// never once the CLI changed the journal: the next read folds the CLI's set and computes anew.
    @Test func aKeptAnswerIsNeverGivenAfterTheCLIAppended() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = fixture.store, lifter = Self.lifter(2)
        try await Self.logSets(store, lifter, count: 2)
        let count: @Sendable (LifterView) -> Int = { $0.state.liveSets.count }
        #expect(try await store.read(lifter, cacheKey: "sets", count) == 2)
        #expect(try await store.read(lifter, cacheKey: "sets") { _ in -1 } == 2)
        let cli = try await fixture.wlog(lifter, ["append", "set", "bench press", "110kgx3"])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(try await store.read(lifter, cacheKey: "sets", count) == 3)
        #expect(try await store.read(lifter, cacheKey: "sets") { _ in -1 } == 3)
        // The store's own write moves the state: the kept answer is not given either.
        try await Self.logSets(store, lifter)
        #expect(try await store.read(lifter, cacheKey: "sets", count) == 4)
    }

    /// A bound of three lifters of 12 events (and a little): after every request the estimate
    /// held is within it, the least recently used lifters are the ones dropped, and a dropped
    /// lifter reads the same when it is folded again from its journal.
    @Test func memoryStaysWithinTheBoundAndReloadsAnswerTheSame() async throws {
        let limit = 3 * StateMemory.bytes(events: 12) + 10 * StateMemory.bytesPerEvent
        let fixture = try Fixture(memoryLimit: limit)
        defer { fixture.remove() }
        let store = fixture.store
        let lifters = (1...6).map(Self.lifter)
        var expected: [LifterID: [Int]] = [:]
        for (index, lifter) in lifters.enumerated() {
            for commit in 1...3 {
                try await Self.logSets(store, lifter, reps: index + 1, count: 4)
                #expect(store.heldBytes <= limit, "after lifter \(index) commit \(commit): \(store.heldEvents) events")
            }
            expected[lifter] = [12, 12, 12 * (index + 1)]
        }
        // 72 events written, at most three lifters' held; the latest lifter is still in memory.
        #expect(store.heldEvents <= 36)
        let held = store.heldEvents
        #expect(held >= 12)
        #expect(try await Self.summary(store, lifters[5]) == expected[lifters[5]])
        #expect(store.heldEvents == held)
        // Every lifter answers as written, dropped or not, in any order.
        for lifter in lifters.reversed() + lifters {
            #expect(try await Self.summary(store, lifter) == expected[lifter])
            #expect(store.heldBytes <= limit)
        }
        // A reloaded lifter takes more writes where it left off.
        try await Self.logSets(store, lifters[0], reps: 1)
        #expect(try await Self.summary(store, lifters[0]) == [13, 13, 13])
        #expect(store.heldBytes <= limit)
        for lifter in lifters { await #expect(try fixture.wlog(lifter, ["verify"]).status == 0) }
    }

    /// Kept answers count in the bound (`KeptAnswer`, `AnswerCache.bytes`): lifters whose kept
    /// pages are large are dropped as lifters whose states are large are, and the estimate stays
    /// within the bound after every read.
    @Test func keptAnswersCountInTheBound() async throws {
        struct Page: KeptAnswer { let keptBytes: Int }
        let page = 256 << 10
        let limit = 3 * (StateMemory.bytes(events: 4) + page + 1024)
        let fixture = try Fixture(memoryLimit: limit)
        defer { fixture.remove() }
        let store = fixture.store
        for lifter in (1...8).map(Self.lifter) {
            try await Self.logSets(store, lifter, reps: 1, count: 4)
            _ = try await store.read(lifter, cacheKey: "page") { _ in Page(keptBytes: page) }
            #expect(store.heldBytes <= limit, "\(store.heldBytes) bytes held, the bound \(limit)")
        }
        #expect(store.heldBytes >= page, "the latest lifter's page is counted")
    }

    /// Reads through the workout catalog the store keeps (from the second read of a sequence on)
    /// answer as the state's own queries do, and a write is seen by the next read.
    @Test func catalogReadsFollowWrites() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = fixture.store, lifter = Self.lifter(7)
        let context = QueryContext(now: Self.now, offsetMinutes: 0, unit: .kg)
        var keptBefore: [Rendering] = []
        for round in 1...3 {
            try await Self.logSets(store, lifter, reps: round, count: 2)
            // Before any catalog of this sequence, a listed workout's item is made and not kept.
            let listed: @Sendable (LifterView) -> (items: [Rendering], total: Int) = { view in
                view.historyItems(HistoryFilter(limit: 5), context: context) { _ in Rendering() }
            }
            var kept = [try await store.read(lifter) { view in listed(view).items[0] }]
            for _ in 0..<3 {
                let (page, plain, detail, made) = try await store.read(lifter) { view in
                    let page = view.history(HistoryFilter(limit: 5), context: context)
                    return (page, view.state.history(HistoryFilter(limit: 5), context: context),
                            page.workouts.first.flatMap { view.workoutSummary($0.key, context: context) },
                            listed(view).items[0])
                }
                #expect(page == plain)
                #expect(page.workouts.count == 1 && detail == page.workouts.first)
                #expect(detail?.setCount == 2 * round)
                kept.append(made)
            }
            // What a route makes of a listed workout is kept beside the catalog (made by the first
            // read's second query), and made again after a write.
            #expect(kept[0] !== kept[1] && kept[1] === kept[2] && kept[2] === kept[3])
            #expect(!keptBefore.contains { old in kept.contains { $0 === old } })
            keptBefore += kept
        }
    }

    /// Something a route made of a workout, told apart by identity.
    final class Rendering: Sendable {}

    /// 64 writes to one lifter from 64 tasks at once: every one lands, once, in 64 sequences.
    @Test(arguments: JournalStore.CommitFlush.allCases)
    func concurrentWritesToOneLifterAllLand(flush: JournalStore.CommitFlush) async throws {
        let fixture = try Fixture(flush: flush)
        defer { fixture.remove() }
        let store = fixture.store, lifter = Self.lifter(7)
        let landed = try await withThrowingTaskGroup(of: Int.self) { group in
            for reps in 1...64 { group.addTask { try await Self.logSets(store, lifter, reps: reps) } }
            return try await group.reduce(0, +)
        }
        #expect(landed == 64)
        #expect(try await Self.summary(store, lifter) == [64, 64, (1...64).reduce(0, +)])
        let reps = try await store.read(lifter) { view in view.state.liveSets.compactMap(\.reps).sorted() }
        #expect(reps == Array(1...64))
        let lines = try await fixture.wlog(lifter, ["events"]).stdout.split(separator: "\n")
        #expect(lines.count == 64)
        #expect(Set(lines.compactMap { JSON.parse(Array($0.utf8))?["id"]?.string }).count == 64)
        await #expect(try fixture.wlog(lifter, ["verify"]).status == 0)
    }

    /// 16 lifters × 8 writes at once, with the CLI appending to two of them meanwhile: every
    /// write lands in its own lifter's journal (each commit synced, or flushed in groups).
    @Test(arguments: JournalStore.CommitFlush.allCases)
    func concurrentWritesToManyLiftersAllLand(flush: JournalStore.CommitFlush) async throws {
        let fixture = try Fixture(flush: flush)
        defer { fixture.remove() }
        let store = fixture.store
        let lifters = (100..<116).map(Self.lifter)
        for lifter in lifters { #expect(try await Self.summary(store, lifter) == [0, 0, 0]) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, lifter) in lifters.enumerated() {
                for _ in 0..<8 { group.addTask { try await Self.logSets(store, lifter, reps: index + 1) } }
            }
            for lifter in lifters.prefix(2) {
                group.addTask {
                    for _ in 0..<3 {
                        let cli = try await fixture.wlog(lifter, ["append", "set", "bench press", "100kgx1"])
                        #expect(cli.status == 0, "\(cli.stderr)")
                    }
                }
            }
            try await group.waitForAll()
        }
        for (index, lifter) in lifters.enumerated() {
            let extra = index < 2 ? 3 : 0
            #expect(try await Self.summary(store, lifter) == [8 + extra, 8 + extra, 8 * (index + 1) + extra])
            await #expect(try fixture.wlog(lifter, ["events"]).stdout.split(separator: "\n").count == 8 + extra)
        }
        await #expect(try fixture.wlog(lifters[0], ["verify"]).status == 0)
    }
}

extension StoreTests {
    /// 16 connections × 4 set POSTs to one lifter's workout at once, and 8 connections writing 8
    /// other lifters meanwhile: every POST answers 201 with its own set, and the workout lists all
    /// 64 in time order with `orderIndex` 0…63.
    @Test func concurrentConnectionsOverHTTPAllLand() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let lifter = SeedFlowTests.lifter
        let token = try await harness.token(lifter)
        let others = try await (200..<208).map(Self.lifter).asyncMap { ($0.uuid, try await harness.token($0.uuid)) }
        try await harness.run { client in
            let workout = try await ServerSecurityTests.openWorkout(API(client: client, token: token))
            let path = "workouts/\(workout)/exercises/bench-press/sets"
            let ids = try await withThrowingTaskGroup(of: [String].self) { group in
                for connection in 0..<16 {
                    group.addTask {
                        try await API.withConnection(to: client, token: token) { api in
                            var ids: [String] = []
                            for n in 0..<4 {
                                let index = connection * 4 + n
                                let at = String(format: "2026-01-15T09:%02d:%02dZ", 31 + index / 60, index % 60)
                                let reply = try await api.post(path, #"{"reps":\#(index + 1),"weightKg":100,"completedAt":"\#(at)"}"#)
                                let set = reply.success(.created)
                                #expect(set["reps"] == .number(Double(index + 1)))
                                ids.append(set["id"]?.string ?? "")
                            }
                            return ids
                        }
                    }
                }
                for (other, otherToken) in others {
                    group.addTask {
                        try await API.withConnection(to: client, token: otherToken) { api in
                            let id = try await ServerSecurityTests.openWorkout(api)
                            for _ in 0..<4 {
                                _ = try await api.post("workouts/\(id)/exercises/bench-press/sets", #"{"reps":1,"weightKg":50}"#).success(.created)
                            }
                            #expect(try await api.get("workouts/\(id)").success(.ok)["totalSets"] == 4, "\(other)")
                            return []
                        }
                    }
                }
                return try await group.reduce([], +)
            }
            #expect(Set(ids).count == 64)
            let detail = try await API(client: client, token: token).get("workouts/\(workout)").success(.ok)
            let sets = detail["exercises"]?[0]?["sets"]?.array ?? []
            #expect(sets.map { $0["reps"] } == (1...64).map { .number(Double($0)) })
            #expect(sets.map { $0["orderIndex"] } == (0..<64).map { .number(Double($0)) })
            #expect(Set(sets.compactMap { $0["id"]?.string }) == Set(ids))
            #expect(detail["totalSets"] == 64)
        }
        await #expect(try harness.events(lifter).count == 2 + 64)
        for (other, _) in others { await #expect(try harness.events(other).count == 2 + 4) }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
