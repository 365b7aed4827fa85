import WlogCore

/// Today's planned day for `wlog today` — the seam the planner fills in.
///
/// The day after the last one done from the active routine (domain.md §4, Planner; the rotation
/// is in docs/PLANNER.md), with each planned exercise pre-filled with last time and the coach's
/// suggestion. Without a routine it is nil: `today` shows no "Planned" section and a null
/// `planned` column.
enum TodayPlan {
    struct Day {
        /// E.g. `Push A (day 1 of PPL)`.
        var title: String
        /// One line per planned exercise, e.g. `Bench Press  3 × 6–8 @8  (last: 80 kg × 8, 8, 7)`.
        var lines: [String]
        /// The warm-up for the day's muscle groups (seed 001).
        var warmUp: WarmUp?
    }

    static func plannedDay(state: WlogState, context: QueryContext) -> Day? {
        state.plannedDay(context: context).map { planned in
            let prefilled = state.prefill(planned.day, isDeload: planned.isDeload, context: context)
            return Day(title: planned.title + (planned.inProgress ? " — in progress" : ""), lines: prefilled.map(\.line),
                       warmUp: WarmUp(prefilled))
        }
    }
}
