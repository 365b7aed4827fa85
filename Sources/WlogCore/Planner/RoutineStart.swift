/// Starting a workout from a routine day, after `decide`: in a deload week the planned sets are
/// halved, and every planned exercise is pre-filled (previous performance, coach's suggestion).
public enum RoutineStart {
    /// `events` from `decide(.startWorkout)` with the planned exercises adjusted for a deload week,
    /// and one pre-fill line per planned exercise.
    public static func adjust(_ events: [Event], state: WlogState, context: QueryContext) -> (events: [Event], lines: [String]) {
        var out = events
        var lines: [String] = []
        for i in out.indices {
            guard case .workoutStarted(var started) = out[i].payload, let routineID = started.routine, let index = started.day,
                  let routine = state.routines[routineID]?.routine else { continue }
            let done = state.routineWorkouts(context: context).filter { $0.routine == routineID }
            let week = state.routineWeek(routine, firstStarted: done.first?.started.localDay, today: context.today)
            let isDeload = routine.deloadWeeks.contains(week)
            var day = RoutineDay(index: index, title: started.name ?? "", exercises: started.planned)
            if isDeload {
                day = Deload.apply(to: day)
                started.planned = day.exercises
                out[i].payload = .workoutStarted(started)
                lines.append("deload week \(week) of " + routine.name + ": half the sets, 10 % off the load")
            }
            lines += state.prefill(day, isDeload: isDeload, context: context).map(\.line)
        }
        return (out, lines)
    }
}
