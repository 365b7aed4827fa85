import Foundation
import Synchronization
import Testing
import WlogCore
import WlogStore

/// A lifter whose state the memory bound dropped keeps its answers (docs/SERVER-STORAGE.md, "Memory"):
/// a repeated read is given the kept answer without loading the state, any change to the journal
/// (the store's write, the CLI's append, another journal put in its place) makes the next read
/// load and answer the new data, and the bound counts the kept answers with the states, to the byte.
@Suite struct DroppedLifterAnswerTests {
    typealias Fixture = StoreTests.Fixture

    /// A page of the lifter's sets, as a kept answer of a known size.
    struct Page: KeptAnswer, Equatable {
        let sets: Int
        let reps: Int
        let keptBytes: Int
    }

    /// How many times a read's body ran (the answer was computed, not given again).
    final class Computations: Sendable {
        private let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }

        /// The read of the lifter's page, counted.
        func page(size: Int) -> @Sendable (LifterView) -> Page {
            { view in
                self.count.add(1, ordering: .relaxed)
                return Page(sets: view.state.liveSets.count, reps: view.state.liveSets.reduce(0) { $0 + ($1.reps ?? 0) }, keptBytes: size)
            }
        }
    }

    /// The estimate of one kept page of `size` bytes under the key "page" (`StateMemory`).
    static func answer(_ size: Int) -> Int { StateMemory.bytesPerAnswer + "page".utf8.count + size }
    /// The estimate of a state of four events.
    static let state = StateMemory.bytes(events: 4)
    /// A bound whose states' part (three quarters) holds one lifter of four events with its page,
    /// not two: 30,000 bytes.
    static let limit = 40_000

    static func read(_ store: JournalStore, _ lifter: LifterID, _ computations: Computations, size: Int = 2_000) async throws -> Page {
        try await store.read(lifter, cacheKey: "page", computations.page(size: size))
    }

    @Test func aDroppedLiftersRepeatedReadIsItsKeptAnswerUntilTheJournalChanges() async throws {
        let fixture = try Fixture(memoryLimit: Self.limit)
        defer { fixture.remove() }
        let store = fixture.store, a = StoreTests.lifter(1), b = StoreTests.lifter(2)
        let computations = Computations()
        try await StoreTests.logSets(store, a, reps: 5, count: 4)
        #expect(try await Self.read(store, a, computations) == Page(sets: 4, reps: 20, keptBytes: 2_000))
        #expect(store.heldBytes == Self.state + Self.answer(2_000))
        // The second lifter's write passes the bound: the first's state is dropped, its page kept.
        try await StoreTests.logSets(store, b, reps: 3, count: 4)
        #expect(store.heldEvents == 4)
        #expect(store.heldBytes == Self.answer(2_000) + Self.state)
        #expect(store.loads == 2)
        // Read again: the kept page, not loaded, not computed.
        for _ in 0..<3 { #expect(try await Self.read(store, a, computations) == Page(sets: 4, reps: 20, keptBytes: 2_000)) }
        #expect(store.loads == 2)
        #expect(computations.value == 1)
        #expect(store.heldEvents == 4)

        // The CLI appends to the dropped lifter's journal: the next read loads and answers it.
        let cli = try await fixture.wlog(a, ["append", "set", "bench press", "110kgx3"])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(try await Self.read(store, a, computations) == Page(sets: 5, reps: 23, keptBytes: 2_000))
        #expect(store.loads == 3)
        #expect(computations.value == 2)
        // That load passed the bound: the other lifter (least recently used) lost its state only.
        #expect(store.heldBytes == StateMemory.bytes(events: 5) + Self.answer(2_000))
        // B's first read loads it and drops A's state (A's new page kept).
        _ = try await Self.read(store, b, computations)
        #expect(computations.value == 3)
        #expect(store.loads == 4)
        #expect(store.heldEvents == 4)
        #expect(store.heldBytes == 2 * Self.answer(2_000) + Self.state)

        // The store's own write to A loads it (never a kept answer)…
        #expect(try await Self.read(store, a, computations).sets == 5)
        #expect(store.loads == 4)
        try await StoreTests.logSets(store, a, reps: 1)
        #expect(store.loads == 5)
        // … and its next read computes the page of the new sequence.
        #expect(try await Self.read(store, a, computations) == Page(sets: 6, reps: 24, keptBytes: 2_000))
        #expect(computations.value == 4)
        // A's state with its page (sequence 6's took sequence 5's place under its key), B's page.
        #expect(store.heldBytes == StateMemory.bytes(events: 6) + 2 * Self.answer(2_000))
        for lifter in [a, b] { await #expect(try fixture.wlog(lifter, ["verify"]).status == 0) }
    }

    /// Another journal put in the lifter's one's place, with as many events: its own answer, not
    /// the kept one (the file's stamp, not the sequence, proves the answer holds), whether the
    /// lifter's state was dropped or is held.
    @Test(arguments: [true, false])
    func aJournalReplacedWithTheSameSequenceIsReadAnew(dropped: Bool) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let store = fixture.store, lifter = StoreTests.lifter(3)
        let computations = Computations()
        try await StoreTests.logSets(store, lifter, reps: 5, count: 2)
        #expect(try await Self.read(store, lifter, computations) == Page(sets: 2, reps: 10, keptBytes: 2_000))
        if dropped {
            store.unloadAll(keepingAnswers: true)
            #expect(store.heldBytes == Self.answer(2_000))
        }
        #expect(try await Self.read(store, lifter, computations).sets == 2)
        #expect(computations.value == 1)

        let path = store.journalPath(of: lifter)
        try FileManager.default.removeItem(atPath: path)
        #expect(try await fixture.wlog(lifter, ["init"]).status == 0)
        #expect(try await fixture.wlog(lifter, ["append", "set", "bench press", "50kgx1"]).status == 0)
        // `wlog init` records its settings first: the set is sequence 2, as the kept page's was.
        #expect(try await Self.read(store, lifter, computations) == Page(sets: 1, reps: 1, keptBytes: 2_000))
        #expect(computations.value == 2)
        #expect(store.loads == 2)
        #expect(store.heldBytes == StateMemory.bytes(events: 2) + Self.answer(2_000))
    }

    /// A lifter whose state alone is past the bound is still served: each load is dropped after
    /// its read, its page is kept and given again without loading.
    @Test func aLifterLargerThanTheBoundIsServedFromItsKeptAnswer() async throws {
        let fixture = try Fixture(memoryLimit: Self.limit)
        defer { fixture.remove() }
        let store = fixture.store, lifter = StoreTests.lifter(4)
        let computations = Computations()
        try await StoreTests.logSets(store, lifter, reps: 2, count: 100)
        #expect(store.heldBytes == 0)
        #expect(try await Self.read(store, lifter, computations) == Page(sets: 100, reps: 200, keptBytes: 2_000))
        #expect(store.heldEvents == 0)
        #expect(store.heldBytes == Self.answer(2_000))
        for _ in 0..<3 { #expect(try await Self.read(store, lifter, computations).sets == 100) }
        #expect(store.loads == 2)
        #expect(computations.value == 1)
    }

    /// The dropped lifters' answers take at most a quarter of the states' part of the bound
    /// (`StateMemory.keptAnswersLimit`, 7,500 bytes here): past it the least recently used go,
    /// and that lifter's next read loads again.
    @Test func keptAnswersPastTheirShareAreDroppedLeastRecentlyUsedFirst() async throws {
        let fixture = try Fixture(memoryLimit: Self.limit)
        defer { fixture.remove() }
        let store = fixture.store, lifters = (5...8).map(StoreTests.lifter)
        let computations = Computations()
        let size = 2_500
        for lifter in lifters {
            try await StoreTests.logSets(store, lifter, reps: 1, count: 4)
            #expect(try await Self.read(store, lifter, computations, size: size).sets == 4)
            #expect(store.heldBytes <= StateMemory.statesLimit(of: Self.limit))
        }
        // The last lifter held with its page; the first lifter's page dropped for the third's
        // (three pages are 10,584 bytes).
        #expect(store.heldEvents == 4)
        #expect(store.heldBytes == 3 * Self.answer(size) + Self.state)
        let loads = store.loads
        #expect(try await Self.read(store, lifters[2], computations, size: size).sets == 4)
        #expect(try await Self.read(store, lifters[1], computations, size: size).sets == 4)
        #expect(store.loads == loads)
        #expect(computations.value == 4)
        #expect(try await Self.read(store, lifters[0], computations, size: size).sets == 4)
        #expect(store.loads == loads + 1)
        #expect(computations.value == 5)
    }

    /// The trim's order on its own (`StateMemory.trim`): states least recently used first, their
    /// answers kept; then answers least recently used first, but none for the states requests
    /// hold (declined: they go at those requests' own trims).
    @Test(arguments: [false, true])
    func theTrimDropsStatesThenAnswersButNoneForStatesInUse(inUse: Bool) {
        // name: (state bytes, answer bytes), least recently used first.
        var held: [String: (state: Int, answers: Int)] = ["x": (15, 0), "y": (0, 8), "z": (10, 6)]
        var calls: [String] = []
        let order = ["x", "y", "z"]
        let bytes = StateMemory.trim(order.enumerated().map { ($1, held[$1].map { $0.state + $0.answers } ?? 0, UInt64($0)) },
                                     limit: inUse ? 20 : 10) { name, keepingAnswers in
            calls.append("\(name) \(keepingAnswers ? "state" : "answers")")
            guard var entry = held[name], !(inUse && name == "x") else { return nil }
            if entry.state > 0 { entry.state = 0 } else if !keepingAnswers { entry.answers = 0 }
            held[name] = entry
            return entry.state + entry.answers
        }
        if inUse {
            // 29 bytes, past the limit by less than x's 15 in use: y's and z's answers stay.
            #expect(bytes == 15 + 8 + 6)
            #expect(calls == ["x state", "y state", "z state"])
        } else {
            // x's and z's states go (14 bytes left, past 10), then y's answers, not z's.
            #expect(bytes == 6)
            #expect(calls == ["x state", "y state", "z state", "y answers"])
        }
    }
}
