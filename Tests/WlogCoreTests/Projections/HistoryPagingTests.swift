import Testing
@testable import WlogCore

/// History lays out the sets of its page only and picks the page without sorting every workout:
/// every page must be the same slice of the full newest-first list (`workoutSummaries`, which
/// lays out every workout and sorts them all).
@Suite("History paging")
struct HistoryPagingTests {
    let context = QueryContext(now: Clock.at(2026, 3, 1, 12), offsetMinutes: 60, unit: .kg)

    /// A journal of sessions, sets naming a session never started, implicit days logged at
    /// offsets from −12 h to +14 h (so around local midnight too), back-dated sets, edits moving
    /// sets to another session or day, deletes, discarded sessions and sessions without sets.
    static func journal(seed: UInt64, steps: Int = 400) -> JournalBuilder {
        var rng = EventSamples.SeededRNG(seed: seed)
        var j = JournalBuilder()
        let exercises = FixtureLibrary.all.map(\.id) + ["not-in-the-library"]
        let offsets = [0, 60, 120, -300, 840, -720, 330]
        var sessions: [EventID] = []
        var sets: [EventID] = []
        var time = Clock.at(2026, 1, 1, 6)
        func pick<T>(_ items: [T], _ rng: inout EventSamples.SeededRNG) -> T { items[Int.random(in: 0..<items.count, using: &rng)] }
        for _ in 0..<steps {
            time = time.adding(milliseconds: Int64.random(in: 60_000...30_000_000, using: &rng))
            let offset = pick(offsets, &rng)
            let exercise = pick(exercises, &rng)
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 10 || sessions.isEmpty {
                sessions.append(j.append(.workoutStarted(WorkoutStarted(name: "S\(sessions.count)")), at: time, offset: offset))
            } else if roll < 13 {
                j.append(.workoutFinished(WorkoutFinished(workout: pick(sessions, &rng))), at: time, offset: offset)
            } else if roll < 16 {
                j.append(.workoutDiscarded(WorkoutDiscarded(workout: pick(sessions, &rng))), at: time, offset: offset)
            } else if roll < 21 {
                // A session that was never started (its id is no event's).
                let ghost = EventID(high: 7, low: UInt64.random(in: 0..<6, using: &rng))
                sets.append(j.set(exercise, .kg(60), 5, at: time, offset: offset, workout: ghost))
            } else if roll < 28 {
                let back = time.adding(days: -Int.random(in: 0...20, using: &rng))
                let workout = Bool.random(using: &rng) ? pick(sessions, &rng) : nil
                sets.append(j.set(exercise, .kg(Double(Int.random(in: 20...140, using: &rng))), 5, at: back,
                                  offset: offset, workout: workout))
            } else if roll < 36, !sets.isEmpty {
                let set = pick(sets, &rng)
                if Bool.random(using: &rng) {
                    j.append(.setEdited(SetEdited(set: set, workout: pick(sessions, &rng))), at: time)
                } else {
                    let moved = ZonedInstant(time.adding(days: -Int.random(in: 0...30, using: &rng)), offsetMinutes: offset)
                    j.append(.setEdited(SetEdited(set: set, performed: moved)), at: time)
                }
            } else if roll < 40, !sets.isEmpty {
                j.append(.setDeleted(SetDeleted(set: pick(sets, &rng))), at: time)
            } else if roll < 70, let session = sessions.last {
                sets.append(j.set(exercise, .kg(Double(Int.random(in: 20...140, using: &rng))), 5, at: time,
                                  offset: offset, workout: session))
            } else {
                sets.append(j.set(exercise, .kg(Double(Int.random(in: 20...140, using: &rng))), 8, at: time, offset: offset))
            }
        }
        return j
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func everyPageIsTheSliceOfEveryWorkout(seed: UInt64) {
        let state = Self.journal(seed: seed).state
        let all = state.workoutSummaries(context: context)
        #expect(all.count > 60)
        #expect(all.contains { $0.id == nil } && all.contains { $0.name == nil && $0.id != nil } && all.contains { $0.setCount == 0 })
        for limit in [1, 3, 20] {
            for offset in 0...(all.count + 1) {
                let page = state.history(HistoryFilter(limit: limit, offset: offset), context: context)
                #expect(page.total == all.count)
                #expect(page.workouts == Array(all.dropFirst(offset).prefix(limit)), "limit \(limit) offset \(offset)")
            }
        }
        #expect(state.history(HistoryFilter(limit: 0), context: context) == HistoryPage(days: [], total: all.count))
        #expect(state.history(HistoryFilter(limit: 5, offset: -3), context: context).workouts == Array(all.prefix(5)))
        #expect(state.history(HistoryFilter(limit: .max, offset: 2), context: context).workouts == Array(all.dropFirst(2)))
    }

    @Test(arguments: [7, 8] as [UInt64])
    func pagesByDayAndBySetsAreSlicesOfTheirWorkouts(seed: UInt64) {
        let state = Self.journal(seed: seed).state
        let all = state.workoutSummaries(context: context)
        let since = Clock.day(2026, 1, 20), until = Clock.day(2026, 2, 10)
        let inRange = all.filter { $0.day >= since && $0.day <= until }
        let withSquat = all.filter { $0.exercises.contains { $0.exercise.id == "squat" && !$0.sets.isEmpty } }
        #expect(inRange.count > 20 && withSquat.count > 10)
        for offset in stride(from: 0, through: inRange.count, by: 3) {
            let page = state.history(HistoryFilter(since: since, until: until, limit: 7, offset: offset), context: context)
            #expect(page.total == inRange.count)
            #expect(page.workouts == Array(inRange.dropFirst(offset).prefix(7)))
        }
        for offset in stride(from: 0, through: withSquat.count, by: 3) {
            let page = state.history(HistoryFilter(exercise: "squat", limit: 7, offset: offset), context: context)
            #expect(page.total == withSquat.count)
            #expect(page.workouts == Array(withSquat.dropFirst(offset).prefix(7)))
        }
    }

    @Test func anIDInTwoSlotsIsOneWorkout() {
        var ledger = SetLedger()
        let a = eid(1), b = eid(2)
        ledger.workoutIDs = [a, b, a, b, eid(3)]
        let slots = WorkoutSlots(ledger)
        #expect((0..<5).map { slots.canonical(Int32($0)) } == [0, 1, 0, 1, 4])
        #expect(slots.canonical(-1) == -1)
        #expect(slots.slot(of: a) == 0 && slots.slot(of: eid(3)) == 4 && slots.slot(of: eid(4)) == nil)
        ledger.workoutIDs = [a, b]
        let own = WorkoutSlots(ledger)
        #expect(own.canonical(1) == 1 && own.count == 2)
    }
}
