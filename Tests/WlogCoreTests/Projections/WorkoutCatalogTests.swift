import Testing
@testable import WlogCore
import WlogGenerator

/// `WorkoutCatalog` (a server's reads) answers as the state's own queries do, and a set's
/// position in its workout (a write's answer) is its place in the workout's summary: over a
/// generated history with back-dated sets and workouts, edits, deletes and a stint in another zone.
@Suite("Workout catalog and set positions")
struct WorkoutCatalogTests {
    static let context = QueryContext(now: Clock.at(2026, 11, 20, 18), offsetMinutes: 60, unit: .kg)

    /// Expects each of `states` to answer every set's position as `plain` does; how many sets
    /// have one.
    static func expectPositions(of plain: WlogState, in states: [WlogState]) -> Int {
        var checked = 0
        for set in plain.allSets {
            let expected = plain.positionInWorkout(ofSet: set.id)
            for state in states { #expect(state.positionInWorkout(ofSet: set.id) == expected, "\(set.id)") }
            if expected != nil { checked += 1 }
        }
        return checked
    }

    static func state(years: Int) throws -> WlogState {
        let collector = GeneratedEvents()
        var lifer = Lifer(seed: 20, years: years, end: Clock.day(2026, 11, 20), ids: .wlog, sink: collector)
        try lifer.run()
        return WlogState.replay(collector.events, from: .initial)
    }

    @Test func theCatalogAnswersAsTheStateDoes() throws {
        let state = try Self.state(years: 3)
        let catalog = WorkoutCatalog(state)
        let all = state.workoutSummaries(context: Self.context)
        #expect(all.count > 400)
        for summary in all {
            #expect(catalog.workoutSummary(summary.key, context: Self.context) == summary)
        }
        #expect(catalog.workoutSummary(.implicit(LocalDay(daysSince1970: 1)), context: Self.context) == nil)
        let last = all.last?.day ?? LocalDay(daysSince1970: 0)
        let filters = [
            HistoryFilter(limit: 20), HistoryFilter(limit: 20, offset: 40), HistoryFilter(limit: 20, offset: all.count - 7),
            HistoryFilter(limit: 20, offset: all.count + 5), HistoryFilter(limit: .max, offset: 3),
            HistoryFilter(exercise: "bench-press", limit: 10, offset: 5), HistoryFilter(group: .group(.legs), limit: 30),
            HistoryFilter(search: "SQUAT", limit: 15, offset: 2),
            HistoryFilter(since: LocalDay(daysSince1970: last.daysSince1970 + 200), until: LocalDay(daysSince1970: last.daysSince1970 + 400), limit: 50),
        ]
        for filter in filters {
            #expect(catalog.history(filter, context: Self.context) == state.history(filter, context: Self.context), "\(filter)")
        }
    }

    /// `compact` gives back reserved room and changes nothing else; the state goes on folding.
    @Test func compactingChangesNothingButCapacity() throws {
        let state = try Self.state(years: 1)
        var compacted = state
        compacted.compact()
        #expect(compacted == state)
        #expect(compacted.history(HistoryFilter(limit: 20), context: Self.context) == state.history(HistoryFilter(limit: 20), context: Self.context))
    }

    @Test func aSetsPositionIsItsPlaceInTheWorkoutSummary() throws {
        let state = try Self.state(years: 2)
        var checked = 0
        for summary in state.workoutSummaries(context: Self.context) {
            for exercise in summary.exercises {
                for (index, set) in exercise.sets.enumerated() {
                    #expect(state.positionInWorkout(ofSet: set.id) == index)
                    checked += 1
                }
            }
        }
        #expect(checked > 5_000)
        let gone = state.allSets.filter { !$0.isLive }
        #expect(!gone.isEmpty)
        for set in gone { #expect(state.positionInWorkout(ofSet: set.id) == nil) }
        #expect(state.positionInWorkout(ofSet: EventID(high: 1, low: 2)) == nil)
    }

    /// A state indexed where its workouts' rows begin (`indexWorkoutRows`, as a server's lifter)
    /// answers every set's position as the plain state does, indexed before the fold or after it,
    /// also after edits that move early sets into workouts started long after them and late sets
    /// into early workouts.
    @Test func anIndexedStateAnswersPositionsAsThePlainOne() throws {
        let collector = GeneratedEvents()
        var lifer = Lifer(seed: 21, years: 2, end: Clock.day(2026, 11, 20), ids: .wlog, sink: collector)
        try lifer.run()
        var events = collector.events
        let workouts = events.filter { $0.type == .workoutStarted }.map(\.id)
        let sets = events.filter { $0.type == .setLogged }.map(\.id)
        var rng = EventSamples.SeededRNG(seed: 21)
        var seq = events.last?.seq ?? 0
        for round in 0..<300 {
            // Early sets into late workouts, late sets into early ones; every seventh edit names no workout.
            guard let set = (round % 2 == 0 ? sets.prefix(sets.count / 3) : sets.suffix(sets.count / 3)).randomElement(using: &rng),
                  let workout = (round % 2 == 0 ? workouts.suffix(40) : workouts.prefix(40)).randomElement(using: &rng) else { continue }
            seq += 1
            let at = Clock.at(2026, 11, 21, 7).adding(milliseconds: Int64(round) * 60_000)
            events.append(Event(envelope: Envelope(seq: seq, id: EventID(high: 0x77, low: UInt64(round)),
                                                   occurred: ZonedInstant(at, offsetMinutes: 60), recorded: at),
                                payload: .setEdited(SetEdited(set: set, workout: round % 7 == 0 ? nil : workout))))
        }
        let plain = WlogState.replay(events, from: .initial)
        var before = WlogState.initial
        before.indexWorkoutRows()
        before = WlogState.replay(events, from: before)
        var after = WlogState.replay(events.prefix(events.count / 2), from: .initial)
        after.indexWorkoutRows()
        after = WlogState.replay(events.dropFirst(events.count / 2), from: after)
        #expect(Self.expectPositions(of: plain, in: [before, after]) > 10_000)
        #expect(before == plain && after == plain, "the index is not part of the state's content")
    }

    /// A snapshot may hold an id in two slots of a table (read as it is): a set's position then
    /// counts the sets of every slot naming its exercise and its workout, as with one slot each,
    /// indexed or not. Here every other row of the busiest workouts and of each exercise is moved
    /// to a second slot of the same id.
    @Test func aSetsPositionCountsEverySlotOfItsIDs() throws {
        let plain = try Self.state(years: 1)
        var repeated = plain
        var ledger = repeated.sets
        #expect(!ledger.repeatsAnID)
        let busiest = Dictionary(grouping: ledger.rows.indices.filter { ledger.rows[$0].workout >= 0 }) { ledger.rows[$0].workout }
            .sorted { $0.value.count > $1.value.count }.prefix(20)
        for (slot, rows) in busiest {
            let second = Int32(ledger.workoutIDs.count)
            ledger.workoutIDs.append(ledger.workoutIDs[Int(slot)])
            ledger.discarded.append(ledger.discarded[Int(slot)])
            for (n, row) in rows.enumerated() where n % 2 == 1 { ledger.rows[row].workout = second }
        }
        for slot in ledger.exerciseIDs.indices {
            let second = Int32(ledger.exerciseIDs.count)
            ledger.exerciseIDs.append(ledger.exerciseIDs[slot])
            for (n, row) in ledger.rows.indices.filter({ ledger.rows[$0].exercise == Int32(slot) }).enumerated() where n % 2 == 1 {
                ledger.rows[row].exercise = second
            }
        }
        ledger.rebuildLookups()
        #expect(ledger.repeatsAnID)
        repeated.sets = ledger
        var indexed = repeated
        indexed.indexWorkoutRows()
        #expect(Self.expectPositions(of: plain, in: [repeated, indexed]) > 3_000)
    }
}
