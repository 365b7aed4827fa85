import Testing
@testable import WlogCore
import WlogGenerator

/// `WorkoutCatalog` (a server's reads) answers as the state's own queries do, and a set's
/// position in its workout (a write's answer) is its place in the workout's summary: over a
/// generated history with back-dated sets and workouts, edits, deletes and a stint in another zone.
@Suite("Workout catalog and set positions")
struct WorkoutCatalogTests {
    static let context = QueryContext(now: Clock.at(2026, 11, 20, 18), offsetMinutes: 60, unit: .kg)

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
}
