/// The summaries of a `WorkoutCatalog`'s workouts once made, by the workout's position in the
/// catalog's index: a workout's detail or a page of history asked again is a lookup.
///
/// A summary depends on the state (which the catalog holds unchanged), the workout and the
/// display unit only — not on the query's time or zone (days and instants come from the sets'
/// and sessions' own zoned instants) — so the summaries kept are those of one unit, and a query
/// in another unit starts them afresh. At most `limit` are kept (the oldest made is forgotten
/// first): a summary holds its workout's sets, and a 20-year history's 4,574 summaries weighed
/// more than its state. Not thread-safe: the catalog's one reader at a time.
final class SummaryMemo {
    private var unit: MassUnit
    private var kept: [WorkoutSummary?]
    /// The positions kept, a ring: `order[next]` is the oldest once it is full.
    private var order: [Int] = []
    private var next = 0
    let limit: Int

    /// How many summaries are kept.
    var count: Int { order.count }

    /// Room for `count` workouts, none made yet, at most `limit` kept.
    init(count: Int, limit: Int) {
        unit = .kg
        kept = Array(repeating: nil, count: count)
        self.limit = max(1, limit)
    }

    /// The summary of the workout at `position`, when made in `unit` and still kept.
    func summary(at position: Int, unit: MassUnit) -> WorkoutSummary? {
        unit == self.unit ? kept[position] : nil
    }

    /// Keeps `summary`, made in `unit`, for the workout at `position` (forgetting the summaries of
    /// another unit, and the oldest kept when `limit` are).
    func keep(_ summary: WorkoutSummary, at position: Int, unit: MassUnit) {
        if unit != self.unit {
            self.unit = unit
            for index in order { kept[index] = nil }
            order.removeAll(keepingCapacity: true)
            next = 0
        }
        if kept[position] == nil {
            if order.count < limit {
                order.append(position)
            } else {
                kept[order[next]] = nil
                order[next] = position
                next = (next + 1) % limit
            }
        }
        kept[position] = summary
    }
}
