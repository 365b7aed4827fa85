import Testing
@testable import WlogCore
import WlogGenerator

/// History's pages over the 20-year lifer history (`wlog-generate --profile lifer`): 4,500 sessions,
/// back-dated sets and workouts, edits, deletes, a stint in another zone.
@Suite("History paging: twenty years")
struct HistoryPagingLiferTests {
    @Test func everyPageIsTheSliceOfEveryWorkout() throws {
        let collector = GeneratedEvents()
        var lifer = Lifer(seed: 20, years: 20, end: Clock.day(2026, 11, 20), ids: .wlog, sink: collector)
        try lifer.run()
        let state = WlogState.replay(collector.events, from: .initial)
        let context = QueryContext(now: Clock.at(2026, 11, 20, 18), offsetMinutes: 60, unit: .kg)
        let all = state.workoutSummaries(context: context)
        #expect(all.count > 4_000)
        // Pages through `history`, as the CLI asks for them (a debug build takes 0.1 s a page).
        for offset in [0, 20, 40, 60, 80, 1_000, 2_500, max(0, all.count - 20), max(0, all.count - 7), all.count] {
            let page = state.history(HistoryFilter(limit: 20, offset: offset), context: context)
            #expect(page.total == all.count)
            #expect(page.workouts == Array(all.dropFirst(offset).prefix(20)), "offset \(offset)")
        }
        // Every offset where the page is picked without a sort (and past it), then every page of
        // 20: the page's entries and their sets, laid out alone, against the full index.
        let full = WorkoutIndex(state)
        let order = full.newestFirstOrder
        #expect(order.count == all.count && order.map { full.all[$0].key } == all.map(\.key))
        var paged = WorkoutIndex(state, placement: .none)
        for offset in Array(0..<(all.count / 8 + 40)) + Array(stride(from: all.count / 8 + 40, through: all.count, by: 20)) {
            let shown = Array(paged.newestFirstOrder(of: Array(paged.all.indices), first: offset + 20).dropFirst(offset))
            #expect(shown == Array(order[offset..<min(order.count, offset + 20)]), "offset \(offset)")
            paged.place(shown)
            for position in shown {
                #expect(paged.sets(of: paged.all[position]) == full.sets(of: full.all[position]))
            }
        }
    }
}
