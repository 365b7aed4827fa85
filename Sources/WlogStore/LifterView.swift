import WlogCore
import WlogInterop

/// A lifter's state as a request sees it: the projections' input, with the lifter's zone and unit.
///
/// Valid only inside the store's `read`/`write` closures: keeping it would keep the state's
/// arrays shared, and the next append would copy them.
public struct LifterView: Sendable {
    public let lifter: LifterID
    /// The lifter's folded state. Call its methods, or pass a closure that does
    /// (`id.flatMap { view.state.workout($0) }`): a method reference (`view.state.workout`)
    /// copies the whole struct first, a retain of each of its buffers and a release after.
    public internal(set) var state: WlogState
    /// The lifter's zone: the journal's setting, else the profile's, else UTC.
    public let zone: ImportTimeZone
    /// What makes the journal read-only (a damaged chunk), nil when it is healthy.
    public let damage: String?
    /// The workout catalog a store keeps with the state between reads (from the second read of a
    /// sequence on); nil: each query indexes the workouts itself.
    var catalogs: CatalogCache? = nil

    /// The display unit: the journal's setting, else the profile's, else kg.
    public var unit: MassUnit { state.unit }

    /// The query context at `now`.
    public func queryContext(now: Instant) -> QueryContext {
        QueryContext(now: now, offsetMinutes: zone.offsetMinutes(at: now), unit: unit)
    }

    /// `WlogState.workoutSummary`, from the store's kept catalog when it keeps one.
    public func workoutSummary(_ key: WorkoutKey, context: QueryContext) -> WorkoutSummary? {
        let plain = { state.workoutSummary(key, context: context) }
        guard let catalogs else { return plain() }
        return catalogs.answer(state, catalog: { $0.workoutSummary(key, context: context) }, plain: plain)
    }

    /// The workouts of `history(filter)` as `item` makes each, and how many matched: with the
    /// store's catalog, each workout's item is made once and kept while the state stays the
    /// same, so `item` must depend on the summary and the state only (not on the time).
    public func historyItems<T: Sendable>(_ filter: HistoryFilter, context: QueryContext,
                                          item: (WorkoutSummary) throws -> T) rethrows -> (items: [T], total: Int) {
        guard let catalogs else {
            let page = state.history(filter, context: context)
            return (try page.workouts.map(item), page.total)
        }
        return try catalogs.historyItems(state, filter, context: context, item: item)
    }

    /// `WlogState.history`, from the store's kept catalog when it keeps one.
    public func history(_ filter: HistoryFilter, context: QueryContext) -> HistoryPage {
        let plain = { state.history(filter, context: context) }
        guard let catalogs else { return plain() }
        return catalogs.answer(state, catalog: { $0.history(filter, context: context) }, plain: plain)
    }
}
