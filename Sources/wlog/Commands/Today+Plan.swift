import WlogCore

/// Today's planned day for `wlog today` — the seam the planner fills in.
///
/// Until the planner lands this returns nil and `today` shows no "Planned" section (and a null
/// `planned` column). The planner's engineer replaces the body of `plannedDay` with the day after
/// the last one done from the active routine (domain.md §4, Planner); nothing else in `today` has
/// to change: `title` fills the `planned` column, `lines` are printed under "Planned".
enum TodayPlan {
    struct Day {
        /// E.g. `Push A (day 1 of PPL)`.
        var title: String
        /// One line per planned exercise, e.g. `Bench Press  3 × 6–8 @8  (last: 80 kg × 8, 8, 7)`.
        var lines: [String]
    }

    static func plannedDay(state: WlogState, context: QueryContext) -> Day? { nil }
}
