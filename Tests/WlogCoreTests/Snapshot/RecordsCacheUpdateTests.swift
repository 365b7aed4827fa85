import Testing
@testable import WlogCore

/// A set logged after every counted set of its exercise extends the cached records (a pending row
/// until a read adds it or `settle()` keeps it: `RecordsCachePendingTests`), so that an append's
/// PR announcement and the reads after it need not compute them from every set; anything else
/// drops the entry. Either way the answers are those of a replay without a cache.
@Suite("Records cache updates")
struct RecordsCacheUpdateTests {
    typealias Table = RecordsCacheTests.Table

    /// A cached state after `count` events of a random history and `before` (a minute apart),
    /// and those events.
    static func cached(seed: UInt64, count: Int, before: [EventPayload] = []) -> (state: WlogState, events: [Event]) {
        var events = SnapshotTests.history(seed: seed, count: count)
        for payload in before {
            events.append(event(UInt64(events.count + 1), at: 1_800_000_000_000 + Int64(events.count) * 60_000, payload))
        }
        var state = WlogState.replay(events)
        state.cacheRecords()
        return (state, events)
    }

    static func event(_ seq: UInt64, at milliseconds: Int64, _ payload: EventPayload) -> Event {
        let at = Instant(millisecondsSince1970: milliseconds)
        return Event(envelope: Envelope(seq: seq, id: EventID(high: 77, low: seq), occurred: ZonedInstant(at, offsetMinutes: 60),
                                        recorded: at, actor: "user"),
                     payload: payload)
    }

    static func logged(_ exercise: String, reps: Int? = nil, weight: Mass? = nil, distance: Distance? = nil,
                       milliseconds: Int64? = nil, setType: SetType = .working, done: Bool = true) -> EventPayload {
        .setLogged(SetLogged(exercise: exercise, reps: reps, weight: weight, distance: distance, durationMilliseconds: milliseconds,
                             setType: setType, done: done))
    }

    /// Applies `payloads` one at a time to the cached state and to a replay of the same events
    /// without a cache, checking after each that `exercise`'s records agree and whether the
    /// cache still holds them.
    static func check(_ exercise: String, seed: UInt64 = 12, before: [EventPayload] = [],
                      _ steps: [(at: Int64, payload: EventPayload, kept: Bool)]) {
        var (state, events) = cached(seed: seed, count: 600, before: before)
        let slot = state.sets.exerciseText.slot(exercise)
        var seq = events.map(\.seq).max() ?? 0
        for step in steps {
            seq += 1
            let event = event(seq, at: step.at, step.payload)
            events.append(event)
            state.apply(event)
            let fresh = WlogState.replay(events)
            #expect(fresh.recordsCache.isEmpty)
            let cachedEntry = state.cachedRecords(slot: slot, repTargets: state.settings.prReps)
            #expect((cachedEntry != nil) == step.kept, "step at \(step.at): entry kept \(cachedEntry != nil)")
            let expected = fresh.personalRecords(ofExercise: exercise).map(Table.init)
            #expect(state.personalRecords(ofExercise: exercise).map(Table.init) == expected)
            if let cachedEntry { #expect(Table(cachedEntry) == expected) }
            #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(fresh))
        }
    }

    static let later: Int64 = 1_900_000_000_000

    @Test("sets logged after the others extend the records: PR, no PR, a tie in time, a warm-up, not done")
    func inOrderSetsExtend() {
        Self.check("deadlift", [
            (Self.later, Self.logged("deadlift", reps: 1, weight: .kg(400)), true),
            (Self.later + 1_000, Self.logged("deadlift", reps: 3, weight: .kg(20)), true),
            (Self.later + 1_000, Self.logged("deadlift", reps: 30, weight: .kg(60)), true),
            (Self.later + 2_000, Self.logged("deadlift", reps: 1, weight: .kg(900), setType: .warmup), true),
            (Self.later + 3_000, Self.logged("deadlift", reps: 1, weight: .kg(900), done: false), true),
            (Self.later + 4_000, Self.logged("deadlift", reps: 2, weight: .kg(401)), true),
        ])
    }

    @Test("a back-dated set drops the records; the next in-order set finds none to extend")
    func backDatedSetDrops() {
        Self.check("overhead-press", [
            (Self.later, Self.logged("overhead-press", reps: 5, weight: .kg(300)), true),
            (1_600_000_000_000, Self.logged("overhead-press", reps: 1, weight: .kg(500)), false),
            (Self.later + 5_000, Self.logged("overhead-press", reps: 1, weight: .kg(600)), false),
        ])
    }

    @Test("a set before the latest counted one but after a later warm-up still drops")
    func backDatedBehindAWarmUp() {
        Self.check("bench-press", [
            (Self.later, Self.logged("bench-press", reps: 5, weight: .kg(100)), true),
            (Self.later + 10_000, Self.logged("bench-press", reps: 5, weight: .kg(10), setType: .warmup), true),
            (Self.later + 5_000, Self.logged("bench-press", reps: 5, weight: .kg(50)), true),
            (Self.later - 5_000, Self.logged("bench-press", reps: 5, weight: .kg(50)), false),
        ])
    }

    @Test("cardio sets extend distance, duration and pace records")
    func cardioExtends() {
        let fiveK = Distance(tenThousandths: 50_000_000, unit: .m)
        Self.check("running", before: [Self.logged("running", distance: fiveK, milliseconds: 1_600_000)], [
            (Self.later, Self.logged("running", distance: fiveK, milliseconds: 1_500_000), true),
            (Self.later + 1_000, Self.logged("running", distance: fiveK, milliseconds: 1_400_000), true),
            (Self.later + 2_000, Self.logged("running", distance: Distance(tenThousandths: 30_000_000, unit: .m), milliseconds: 1_400_000), true),
        ])
    }

    @Test("an edit of the record set and a new exercise drop what they may change")
    func editsAndNewExercisesDrop() throws {
        var (state, events) = Self.cached(seed: 12, count: 600)
        var seq = events.map(\.seq).max() ?? 0
        func apply(_ at: Int64, _ payload: EventPayload) {
            seq += 1
            let event = Self.event(seq, at: at, payload)
            events.append(event)
            state.apply(event)
        }
        apply(Self.later, Self.logged("deadlift", reps: 1, weight: .kg(400)))
        let record = try #require(state.personalRecords(ofExercise: "deadlift")?.record(.heaviest))
        #expect(record.value == .mass(.kg(400)))
        apply(Self.later + 1_000, .setEdited(SetEdited(set: record.set, reps: 2, weight: .kg(380))))
        #expect(state.cachedRecords(slot: state.sets.exerciseText.slot("deadlift"), repTargets: state.settings.prReps) == nil)
        apply(Self.later + 2_000, Self.logged("deadlift", reps: 1, weight: .kg(390)))
        apply(Self.later + 3_000, .exerciseCreated(Exercise(id: "my-new-lift", name: "My New Lift", group: .back, pattern: .pull, isCustom: true)))
        #expect(state.recordsCache.isEmpty)
        apply(Self.later + 4_000, Self.logged("my-new-lift", reps: 5, weight: .kg(50)))
        let fresh = WlogState.replay(events)
        #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(fresh))
    }

    @Test("once the extension budget is spent, logged sets drop their exercise's records again")
    func budgetSpent() {
        var (state, events) = Self.cached(seed: 12, count: 600)
        let slot = state.sets.exerciseText.slot("deadlift")
        var seq = events.map(\.seq).max() ?? 0
        for index in 0...RecordsCache.extensionBudget {
            seq += 1
            let event = Self.event(seq, at: Self.later + Int64(index) * 1_000,
                                   Self.logged("deadlift", reps: 1 + index % 5, weight: .kg(100 + Double(index % 7))))
            events.append(event)
            state.apply(event)
            let kept = state.cachedRecords(slot: slot, repTargets: state.settings.prReps) != nil
            #expect(kept == (index < RecordsCache.extensionBudget), "set \(index)")
            // The pending rows are bounded by the budget: dropped with the entry once it is spent.
            #expect(state.recordsCache.pending[slot]?.rows.count ?? 0 == (kept ? index + 1 : 0), "set \(index)")
        }
        let fresh = WlogState.replay(events)
        #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(fresh))
    }

    @Test("a state settled as it goes (a server's) keeps its records cached past the budget: each settle gives it back")
    func settlesGiveTheBudgetBack() {
        var (state, events) = Self.cached(seed: 12, count: 600)
        let slot = state.sets.exerciseText.slot("deadlift")
        var seq = events.map(\.seq).max() ?? 0
        for index in 0...(RecordsCache.extensionBudget + 200) {
            seq += 1
            let event = Self.event(seq, at: Self.later + Int64(index) * 1_000,
                                   Self.logged("deadlift", reps: 1 + index % 5, weight: .kg(100 + Double(index % 7))))
            events.append(event)
            state.apply(event)
            state.settleAfterWrite()
            #expect(state.cachedRecords(slot: slot, repTargets: state.settings.prReps) != nil, "set \(index)")
        }
        #expect(state.recordsCache.extensionsLeft > RecordsCache.extensionBudget - RecordsCache.settleAt)
        let fresh = WlogState.replay(events)
        #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(fresh))
    }

    @Test("every event of a random tail: the cached records agree with a replay without a cache", arguments: [21, 22])
    func randomTail(seed: UInt64) {
        let events = SnapshotTests.history(seed: seed, count: 1_400)
        var state = WlogState.replay(events.prefix(400))
        state.cacheRecords()
        var plain = WlogState.replay(events.prefix(400))
        var extended = 0
        for (index, event) in events.dropFirst(400).enumerated() {
            state.apply(event)
            plain.apply(event)
            guard case .setLogged(let p) = event.payload else { continue }
            let slot = state.sets.exerciseText.slot(p.exercise)
            if let entry = state.cachedRecords(slot: slot, repTargets: state.settings.prReps) {
                extended += 1
                #expect(Table(entry) == plain.personalRecords(ofExercise: p.exercise).map(Table.init), "event \(index)")
            }
            if index % 100 == 0 { #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain)) }
        }
        #expect(extended > 0)
        #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain))
    }
}
