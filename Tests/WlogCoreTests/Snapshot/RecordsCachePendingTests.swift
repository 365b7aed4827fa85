import Testing
@testable import WlogCore

/// The sets logged after a snapshot wait as pending rows of their exercise's cached records and
/// extend them once per exercise — on the fly for a read, for good at `settle()` — instead of one
/// resumed scan per set. The law: every answer is the same with or without the cache, settled or
/// not, as a state folded from the start without a cache gives it.
@Suite("Records cache pending sets")
struct RecordsCachePendingTests {
    typealias Table = RecordsCacheTests.Table
    typealias Update = RecordsCacheUpdateTests

    /// The exercises of the tails; `squat` is an id the library does not know (its sets count
    /// toward no records), so the snapshot caches none for it.
    static let exercises = ["bench-press", "squat", "deadlift", "my-sled-push", "overhead-press", "running"]
    static let fiveK = Distance(tenThousandths: 50_000_000, unit: .m)

    /// A state read from a snapshot of a random history (its records cached), and that history.
    static func loaded(seed: UInt64 = 12, count: Int = 600) throws -> (state: WlogState, events: [Event]) {
        let events = SnapshotTests.history(seed: seed, count: count)
        var head = WlogState.replay(events)
        head.cacheRecords()
        return (try StateSnapshot.decode(StateSnapshot.encode(head, stamp: SnapshotTests.stamp(head))).state, events)
    }

    /// The slots of `exercises` whose records the state caches.
    static func cachedSlots(_ state: WlogState) -> Set<Int32> {
        Set(exercises.map { state.sets.exerciseText.slot($0) }.filter { state.recordsCache.entry(slot: $0) != nil })
    }

    /// The sets logged in `events` of an exercise the snapshot caches (all but `squat`).
    static func cachedSets(_ events: some Sequence<Event>) -> Int {
        events.filter { if case .setLogged(let p) = $0.payload { p.exercise != "squat" } else { false } }.count
    }

    /// The pending rows of every entry.
    static func pendingRows(_ state: WlogState) -> Int { state.recordsCache.pending.values.reduce(0) { $0 + $1.rows.count } }

    /// Every answer the records give, with and without settling, against `plain` (no cache).
    static func expectSame(_ state: WlogState, _ plain: WlogState, _ step: String) {
        let expected = RecordsCacheTests.tables(plain)
        #expect(RecordsCacheTests.tables(state) == expected, "\(step)")
        var settled = state
        settled.settle()
        #expect(!settled.recordsCache.hasPending)
        #expect(RecordsCacheTests.tables(settled) == expected, "\(step), settled")
        for id in exercises {
            #expect(state.personalRecords(ofExercise: id).map(Table.init) == plain.personalRecords(ofExercise: id).map(Table.init),
                    "\(step): \(id)")
        }
    }

    /// 246 in-order sets of six exercises, a minute apart after `Update.later`.
    static func inOrderTail(after seq: UInt64) -> [Event] {
        (0..<246).map { index in
            let exercise = exercises[index % exercises.count]
            let payload = exercise == "running"
                ? Update.logged(exercise, distance: fiveK, milliseconds: 1_500_000 - Int64(index) * 1_000)
                : Update.logged(exercise, reps: 1 + index % 8, weight: .kg(60 + Double(index % 60) * 2.5))
            return Update.event(seq + UInt64(index) + 1, at: Update.later + Int64(index) * 60_000, payload)
        }
    }

    #if DEBUG
    @Test("246 sets folded onto a snapshot: no resumed scan while folding, one per exercise to settle or read")
    func oneResumePerExercise() throws {
        let (loaded, head) = try Self.loaded()
        let tail = Self.inOrderTail(after: head.map(\.seq).max() ?? 0)
        let slots = Self.cachedSlots(loaded)
        #expect(slots.count == Self.exercises.count - 1)
        let tally = RecordScanTally()
        var state = loaded
        RecordScanTally.$current.withValue(tally) {
            for event in tail { state.apply(event) }
        }
        #expect(tally.resumes == 0)
        #expect(Set(state.recordsCache.pending.keys) == slots)
        #expect(Self.pendingRows(state) == Self.cachedSets(tail))
        #expect(Self.cachedSets(tail) == 205)
        let plain = WlogState.replay(head + tail)
        // A read of every exercise without settling (the CLI's): one resume each, nothing kept.
        let unsettled = RecordScanTally()
        RecordScanTally.$current.withValue(unsettled) {
            #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain))
        }
        #expect(unsettled.resumes == slots.count)
        // The server's settle after the fold: one resume each, then reads resume nothing.
        RecordScanTally.$current.withValue(tally) {
            state.settle()
            #expect(tally.resumes == slots.count)
            #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain))
        }
        #expect(tally.resumes == slots.count)
        #expect(!state.recordsCache.hasPending)
        #expect(Self.cachedSlots(state) == slots)
    }

    @Test("a server's write settles once an entry waits for settleAt sets: one resumed scan per settleAt sets, answers unchanged")
    func writesSettleEverySettleAtSets() throws {
        let (loaded, head) = try Self.loaded()
        let tail = Self.inOrderTail(after: head.map(\.seq).max() ?? 0)
        let slots = Self.cachedSlots(loaded)
        let writes = RecordScanTally()
        var state = loaded
        var plain = WlogState.replay(head)
        var most = 0
        for (index, event) in tail.enumerated() {
            RecordScanTally.$current.withValue(writes) {
                state.apply(event)
                state.settleAfterWrite()
            }
            plain.apply(event)
            most = max(most, state.recordsCache.mostPending)
            if index % 41 == 0 { Self.expectSame(state, plain, "write \(index)") }
        }
        // 41 counted sets of each of the five cached exercises, in turn: the 16th and the 32nd
        // bench press each settle all five (15 waiting for each of the others), and nothing else does.
        #expect(RecordsCache.settleAt == 16)
        #expect(most == RecordsCache.settleAt - 1)
        #expect(writes.resumes == 2 * slots.count, "one per set would be \(Self.cachedSets(tail))")
        #expect(Self.cachedSlots(state) == slots)
        // Then a read resumes each entry once for the 9 or 10 sets each still waits for.
        let reads = RecordScanTally()
        RecordScanTally.$current.withValue(reads) {
            #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain))
        }
        #expect(reads.resumes == slots.count)
    }
    #endif

    @Test("pending sets among back-dated sets, edits and deletes: each drops its exercise's entry with its pending rows")
    func dropsWithPending() throws {
        let (loaded, events) = try Self.loaded()
        var state = loaded
        var plain = WlogState.replay(events)
        var seq = events.map(\.seq).max() ?? 0
        var at = Update.later
        func apply(_ payload: EventPayload, performed: Int64? = nil) -> EventID {
            seq += 1
            at += 60_000
            var event = Update.event(seq, at: at, payload)
            if let performed { event.envelope.occurred = ZonedInstant(Instant(millisecondsSince1970: performed), offsetMinutes: 60) }
            state.apply(event)
            plain.apply(event)
            Self.expectSame(state, plain, "event \(seq)")
            return event.id
        }
        func pending(_ exercise: String) -> Int { state.recordsCache.pending[state.sets.exerciseText.slot(exercise)]?.rows.count ?? 0 }
        func kept(_ exercise: String) -> Bool {
            state.cachedRecords(slot: state.sets.exerciseText.slot(exercise), repTargets: state.settings.prReps) != nil
        }
        _ = apply(Update.logged("deadlift", reps: 1, weight: .kg(400)))
        let second = apply(Update.logged("deadlift", reps: 3, weight: .kg(380)))
        let bench = apply(Update.logged("bench-press", reps: 5, weight: .kg(150)))
        _ = apply(Update.logged("bench-press", reps: 5, weight: .kg(10), setType: .warmup))
        #expect(pending("deadlift") == 2 && pending("bench-press") == 1)
        _ = apply(.setEdited(SetEdited(set: second, reps: 4)))
        #expect(!kept("deadlift") && pending("deadlift") == 0)
        _ = apply(Update.logged("deadlift", reps: 1, weight: .kg(420)))
        #expect(!kept("deadlift") && pending("deadlift") == 0)
        _ = apply(Update.logged("overhead-press", reps: 5, weight: .kg(90)))
        _ = apply(Update.logged("overhead-press", reps: 1, weight: .kg(95)), performed: at - 30 * 60_000)
        #expect(!kept("overhead-press") && pending("overhead-press") == 0)
        _ = apply(.setDeleted(SetDeleted(set: bench)))
        #expect(!kept("bench-press") && pending("bench-press") == 0)
        _ = apply(Update.logged("my-sled-push", reps: 2, weight: .kg(300)))
        state.settle()
        #expect(kept("my-sled-push") && pending("my-sled-push") == 0)
        let sled = apply(Update.logged("my-sled-push", reps: 2, weight: .kg(305)))
        _ = apply(Update.logged("running", distance: Self.fiveK, milliseconds: 1_000_000))
        #expect(pending("my-sled-push") == 1 && pending("running") == 1)
        // An edit moving a pending set to another exercise drops both.
        _ = apply(.setEdited(SetEdited(set: sled, exercise: "running")))
        #expect(!kept("my-sled-push") && !kept("running") && pending("my-sled-push") + pending("running") == 0)
    }

    @Test("a settings change mid-tail drops every entry and pending row; cached again, new pending rows extend the new targets")
    func settingsChangeMidTail() throws {
        let (loaded, head) = try Self.loaded()
        var state = loaded
        var plain = WlogState.replay(head)
        var tail = Self.inOrderTail(after: head.map(\.seq).max() ?? 0)
        let change = Update.event(UInt64(tail.count) + (head.map(\.seq).max() ?? 0) + 1, at: Update.later + 99 * 60_000 + 30_000,
                                  .settingsChanged(SettingsChanged(e1rmFormula: "epley", prReps: [2, 4], e1rmMaxReps: 8)))
        tail.insert(change, at: 100)
        for (index, event) in tail.enumerated() {
            state.apply(event)
            plain.apply(event)
            if index == 99 { #expect(state.recordsCache.hasPending) }
            if index == 100 {
                #expect(state.recordsCache.isEmpty && !state.recordsCache.hasPending)
                Self.expectSame(state, plain, "after the change")
                state.cacheRecords()
            }
            if index % 40 == 0 { Self.expectSame(state, plain, "event \(index)") }
        }
        #expect(state.recordsCache.hasPending)
        Self.expectSame(state, plain, "end")
        for id in Self.exercises {
            #expect(state.personalRecords(ofExercise: id, repTargets: [1, 3, 5]).map(Table.init)
                == plain.personalRecords(ofExercise: id, repTargets: [1, 3, 5]).map(Table.init))
        }
    }

    @Test("a snapshot of a state with pending rows writes them settled; the state read from it answers the same")
    func snapshotWithPending() throws {
        let (loaded, head) = try Self.loaded()
        var state = loaded
        let tail = Self.inOrderTail(after: head.map(\.seq).max() ?? 0)
        for event in tail.prefix(200) { state.apply(event) }
        #expect(Self.pendingRows(state) == Self.cachedSets(tail.prefix(200)))
        var decoded = try StateSnapshot.decode(StateSnapshot.encode(state, stamp: SnapshotTests.stamp(state))).state
        #expect(!decoded.recordsCache.hasPending)
        #expect(Self.cachedSlots(decoded) == Self.cachedSlots(state))
        let plain = WlogState.replay(head + tail.prefix(200))
        #expect(RecordsCacheTests.tables(decoded) == RecordsCacheTests.tables(plain))
        for event in tail.dropFirst(200) { decoded.apply(event) }
        #expect(Self.pendingRows(decoded) == Self.cachedSets(tail.dropFirst(200)))
        Self.expectSame(decoded, WlogState.replay(head + tail), "after the rest")
    }

    /// A random tail after `head`: mostly sets logged in order, with back-dated sets, edits
    /// (numbers, exercise, time) and deletes of recent sets — often still pending — and now and
    /// then a settings change.
    static func randomTail(after head: [Event], seed: UInt64, count: Int) -> [Event] {
        var rng = SnapshotTests.Rng(x: seed)
        var seq = head.map(\.seq).max() ?? 0
        var clock = Update.later
        var recent: [EventID] = []
        var tail: [Event] = []
        func add(_ payload: EventPayload, performed: Int64? = nil) -> EventID {
            seq += 1
            clock += Int64(rng.int(1...120)) * 1_000
            var event = Update.event(seq, at: clock, payload)
            if let performed { event.envelope.occurred = ZonedInstant(Instant(millisecondsSince1970: performed), offsetMinutes: 60) }
            tail.append(event)
            return event.id
        }
        func pick() -> EventID { recent[recent.count - rng.int(1...min(8, recent.count))] }
        func set() -> EventPayload {
            let exercise = exercises[rng.int(0...exercises.count - 1)]
            if exercise == "running" {
                return Update.logged(exercise, distance: fiveK, milliseconds: Int64(rng.int(1_200...1_800)) * 1_000, done: !rng.chance(5))
            }
            return Update.logged(exercise, reps: rng.int(0...15), weight: .kg(Double(rng.int(8...110)) * 2.5),
                                 setType: rng.chance(10) ? .warmup : .working, done: !rng.chance(5))
        }
        while tail.count < count {
            switch rng.int(0...99) {
            case 0..<6 where !recent.isEmpty:
                _ = add(.setEdited(SetEdited(set: pick(), exercise: rng.chance(20) ? exercises[rng.int(0...4)] : nil,
                                             performed: rng.chance(20) ? ZonedInstant(Instant(millisecondsSince1970: clock - 3_600_000),
                                                                                       offsetMinutes: 60) : nil,
                                             reps: rng.chance(50) ? rng.int(1...12) : nil,
                                             weight: rng.chance(50) ? .kg(Double(rng.int(8...110)) * 2.5) : nil,
                                             done: rng.chance(10) ? false : nil)))
            case 6..<9 where !recent.isEmpty:
                _ = add(.setDeleted(SetDeleted(set: pick())))
            case 9..<15:
                let back = rng.chance(50) ? Int64(rng.int(1...30)) * 60_000 : Int64(rng.int(1...400)) * 86_400_000
                recent.append(add(set(), performed: clock - back))
            case 15:
                _ = add(.settingsChanged(SettingsChanged(e1rmFormula: rng.chance(50) ? "brzycki" : "epley",
                                                         prReps: rng.chance(50) ? [1, 3, 5] : [2, 6])))
            default:
                recent.append(add(set()))
            }
        }
        return tail
    }

    @Test("law: cached ≡ uncached over random tails, settled at random points, cached again now and then",
          arguments: [31, 32, 33, 34] as [UInt64])
    func cachedIsUncached(seed: UInt64) throws {
        let (loaded, head) = try Self.loaded(seed: seed, count: 500)
        let tail = Self.randomTail(after: head, seed: seed &* 7, count: 400)
        var rng = SnapshotTests.Rng(x: seed &+ 1_000)
        var state = loaded
        var plain = WlogState.replay(head)
        var readsWithPending = 0, settlesWithPending = 0
        for (index, event) in tail.enumerated() {
            state.apply(event)
            plain.apply(event)
            if state.recordsCache.hasPending { readsWithPending += 1 }
            #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain), "event \(index)")
            if rng.chance(15) {
                if state.recordsCache.hasPending { settlesWithPending += 1 }
                state.settle()
                #expect(RecordsCacheTests.tables(state) == RecordsCacheTests.tables(plain), "event \(index), settled")
            }
            if rng.chance(3) { state.cacheRecords() }
            if rng.chance(2) { state = try StateSnapshot.decode(StateSnapshot.encode(state, stamp: SnapshotTests.stamp(state))).state }
        }
        #expect(readsWithPending > 100)
        #expect(settlesWithPending > 5)
        let full = WlogState.replay(head + tail)
        #expect(state == full)
        Self.expectSame(state, full, "end")
        let context = QueryContext(now: Instant(millisecondsSince1970: 2_000_000_000_000), offsetMinutes: 60, unit: .kg)
        let filter = HistoryFilter(limit: 1_000)
        #expect(state.history(filter, context: context).workouts.map(\.prs) == full.history(filter, context: context).workouts.map(\.prs))
    }
}
