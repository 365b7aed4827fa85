/// The routine day planned for today: the day after the last one done from the active routine,
/// in rotation, with the routine week and its deload applied.
public struct PlannedDay: Sendable, Hashable {
    public var routine: Routine
    /// The day as planned for this week (deload weeks: sets halved).
    public var day: RoutineDay
    /// The day as the routine states it.
    public var plannedDay: RoutineDay
    /// The 1-based week of the routine block (wraps after `routine.weeks`).
    public var week: Int
    /// Whether `week` is one of the routine's deload weeks.
    public var isDeload: Bool
    /// The day index of the last workout done from the routine, if any.
    public var lastDoneDay: Int?
    /// The local day of that workout.
    public var lastDoneOn: LocalDay?
    /// Whether the planned day is a workout already in progress.
    public var inProgress: Bool

    /// `Push A (day 1 of PPL)`, with `, deload week 4` in a deload week.
    public var title: String {
        day.title + " (day \(day.index) of " + routine.name + (isDeload ? ", deload week \(week)" : "") + ")"
    }
}
