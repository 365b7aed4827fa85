/// A state's workouts indexed once for many reads: what a server keeps beside a lifter's state
/// between requests, so that a workout's detail or a page of history costs the workouts shown,
/// not a pass over every set.
///
/// It lays out every workout's sets (`WorkoutIndex`, placed in full), orders the workouts newest
/// first, finds a workout by key, and keeps each exercise's records and the last 512 workouts'
/// summaries made (`SummaryMemo`): a page asked again is a slice of kept summaries. Its answers
/// are `WlogState.workoutSummary` and `WlogState.history`'s for the state it was made from.
///
/// It holds that state: while it lives, the state's storage is shared, and an event applied to
/// the state copies its arrays. Drop it before the state changes. Not thread-safe: one reader at
/// a time.
public final class WorkoutCatalog {
    private let state: WlogState
    private var index: WorkoutIndex
    /// Every entry (position in `index.all`), newest first.
    private let newest: [Int]
    /// The entry of each workout key.
    private let positions: [WorkoutKey: Int]
    private let prs: PRCache
    /// The summaries made so far, by entry.
    private let summaries: SummaryMemo

    /// How many workouts' summaries a catalog keeps at most (`SummaryMemo`).
    static let summariesKept = 512

    /// How many workouts' summaries it keeps now (each holds its workout's sets: what a server
    /// counts in its memory bound).
    public var summariesHeld: Int { summaries.count }

    /// Indexes the workouts of `state` (one pass over its live sets, one sort of its workouts).
    public convenience init(_ state: WlogState) { self.init(state, keeping: Self.summariesKept) }

    /// The catalog keeping at most `limit` summaries.
    init(_ state: WlogState, keeping limit: Int) {
        self.state = state
        let index = WorkoutIndex(state, placement: .all)
        self.index = index
        newest = index.newestFirstOrder
        var positions: [WorkoutKey: Int] = [:]
        positions.reserveCapacity(index.all.count)
        for (position, entry) in index.all.enumerated() where positions[entry.key] == nil { positions[entry.key] = position }
        self.positions = positions
        prs = PRCache(state: state, live: index.live)
        summaries = SummaryMemo(count: index.all.count, limit: limit)
    }

    /// `WlogState.workoutSummary`: one workout's summary with its PRs, nil when there is no such
    /// live workout.
    public func workoutSummary(_ key: WorkoutKey, context: QueryContext) -> WorkoutSummary? {
        guard let position = positions[key] else { return nil }
        if let kept = summaries.summary(at: position, unit: context.unit) { return kept }
        let entry = index.all[position]
        let summary = state.summary(of: entry, sets: index.sets(of: entry), context: context, prs: prs)
        summaries.keep(summary, at: position, unit: context.unit)
        return summary
    }

    /// The keys of the workouts `history(filter)` shows, in its order, and how many matched it:
    /// the page without its summaries (`workoutSummary` makes each).
    public func historyKeys(_ filter: HistoryFilter) -> (keys: [WorkoutKey], total: Int) {
        let (shown, total) = state.pagePositions(filter, index: index, newest: newest)
        return (shown.map { index.all[$0].key }, total)
    }

    /// `WlogState.history`: workouts newest first grouped by local day, filtered and paginated.
    public func history(_ filter: HistoryFilter = HistoryFilter(), context: QueryContext) -> HistoryPage {
        state.history(filter, context: context, index: &index, placedAll: true, newest: newest, prs: prs, memo: summaries)
    }
}
