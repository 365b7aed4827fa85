/// The "today" summary of seed 003: workouts per ISO week, the week streak, this week's volume
/// and the last workout.
public struct Consistency: Sendable, Hashable {
    /// Weeks with at least one workout, oldest first.
    public var weeks: [WeekCount]
    /// Consecutive ISO weeks with at least one workout, ending this week (or last week when this
    /// week has none yet); 0 when neither has one.
    public var currentStreak: Int
    /// Volume of qualifying sets whose local day is in this ISO week, in the display unit.
    public var volumeThisWeek: Mass
    /// Workouts this ISO week.
    public var workoutsThisWeek: Int
    /// The newest workout on or before today.
    public var lastWorkout: WorkoutSummary?
}

/// The number of workouts in one ISO week.
public struct WeekCount: Sendable, Hashable {
    /// The Monday of the week.
    public var start: LocalDay
    /// `2026-W02`.
    public var week: String
    public var workouts: Int
}

extension WlogState {
    /// Workouts per week, streak, this week's volume and last workout, as of `context.now`.
    ///
    /// A workout counts here when it has a live set (an explicit session started and left empty —
    /// or not begun yet — is no training: it makes no streak); it belongs to the week of its local day.
    public func consistency(context: QueryContext) -> Consistency {
        let index = WorkoutIndex(self)
        var counts: [LocalDay: Int] = [:]
        for entry in index.all where index.anySet(of: entry, { _ in true }) { counts[entry.day.startOfISOWeek, default: 0] += 1 }
        let weeks = counts.keys.sorted().map { WeekCount(start: $0, week: $0.isoWeekText, workouts: counts[$0] ?? 0) }
        let thisWeek = context.today.startOfISOWeek
        var streak = 0
        var week = counts[thisWeek] != nil ? thisWeek : thisWeek.advanced(by: -7)
        while counts[week] != nil {
            streak += 1
            week = week.advanced(by: -7)
        }
        var volume: Int64 = 0
        for set in index.live where set.performed.localDay.startOfISOWeek == thisWeek {
            volume += SetVolume.kilogramTenThousandths(of: set, kind: exerciseOrStandIn(set.exercise).kind) ?? 0
        }
        let last = index.newestFirst.first { $0.day <= context.today }
        return Consistency(
            weeks: weeks, currentStreak: streak, volumeThisWeek: context.mass(kilogramTenThousandths: volume),
            workoutsThisWeek: counts[thisWeek] ?? 0,
            lastWorkout: last.map {
                summary(of: $0, sets: index.sets(of: $0), context: context, prs: PRCache(state: self, live: index.live))
            })
    }
}
