/// Deload weeks (domain.md §4, Planner): target sets halved (rounded up, at least 1) and 10 % off
/// the suggested load.
public enum Deload {
    /// The share of the load kept in a deload week.
    public static let loadShare = 0.9

    /// The day with its target sets halved, rounded up: 3 → 2, 4 → 2, 5 → 3, 1 → 1.
    public static func apply(to day: RoutineDay) -> RoutineDay {
        var out = day
        for i in out.exercises.indices { out.exercises[i].sets = max(1, (out.exercises[i].sets + 1) / 2) }
        return out
    }

    /// 90 % of a load, rounded to the nearest standard step (2.5 kg or 5 lb; halves round up).
    public static func load(_ load: Mass) -> Mass { LoadIncrement.share(loadShare, of: load) }
}
