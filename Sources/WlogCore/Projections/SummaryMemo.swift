/// The summaries of a `WorkoutCatalog`'s workouts once made, by the workout's position in the
/// catalog's index: a page of history or a workout's detail asked again is a lookup.
///
/// A summary depends on the state (which the catalog holds unchanged), the workout and the
/// display unit only — not on the query's time or zone (days and instants come from the sets'
/// and sessions' own zoned instants) — so the summaries kept are those of one unit, and a query
/// in another unit starts them afresh. Not thread-safe: the catalog's one reader at a time.
final class SummaryMemo {
    private var unit: MassUnit
    private var kept: [WorkoutSummary?]

    /// Room for `count` workouts, none made yet.
    init(count: Int) {
        unit = .kg
        kept = Array(repeating: nil, count: count)
    }

    /// The summary of the workout at `position`, when made in `unit`.
    func summary(at position: Int, unit: MassUnit) -> WorkoutSummary? {
        unit == self.unit ? kept[position] : nil
    }

    /// Keeps `summary`, made in `unit`, for the workout at `position` (forgetting the summaries of
    /// another unit).
    func keep(_ summary: WorkoutSummary, at position: Int, unit: MassUnit) {
        if unit != self.unit {
            self.unit = unit
            for index in kept.indices { kept[index] = nil }
        }
        kept[position] = summary
    }
}
