extension WlogState {
    /// The routine being followed: the one of the latest workout started from a routine that is
    /// not retired; before any such workout, the only routine — or with several, the first by name.
    public func activeRoutine(context: QueryContext) -> Routine? {
        let started = routineWorkouts(context: context)
        if let latest = started.last(where: { routines[$0.routine ?? ""].map { !$0.isRetired } ?? false }),
           let routine = latest.routine.flatMap({ routines[$0]?.routine }) {
            return routine
        }
        return routines.values.filter { !$0.isRetired }.map(\.routine)
            .min { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// Today's planned day of the active routine (or of `routine`, an id), or nil without one.
    ///
    /// The day after the last one done from that routine, in rotation (by day index, wrapping);
    /// a workout in progress from the routine is today's day itself; with none done, its first day.
    public func plannedDay(routine id: String? = nil, context: QueryContext) -> PlannedDay? {
        let chosen: Routine?
        if let id { chosen = routines[id].flatMap { $0.isRetired ? nil : $0.routine } } else { chosen = activeRoutine(context: context) }
        guard let routine = chosen else { return nil }
        let days = routine.days.sorted { $0.index < $1.index }
        guard let firstDay = days.first else { return nil }
        let done = routineWorkouts(context: context).filter { $0.routine == routine.id }
        var day = firstDay
        var inProgress = false
        if let last = done.last, let lastIndex = last.day {
            if last.isOpen, let same = days.first(where: { $0.index == lastIndex }) {
                day = same
                inProgress = true
            } else {
                day = days.first(where: { $0.index > lastIndex }) ?? firstDay
            }
        }
        let week = routineWeek(routine, firstStarted: done.first?.started.localDay, today: context.today)
        let isDeload = routine.deloadWeeks.contains(week)
        var planned = PlannedDay(routine: routine, day: isDeload ? Deload.apply(to: day) : day, plannedDay: day, week: week,
                                 isDeload: isDeload, inProgress: inProgress)
        planned.lastDoneDay = done.last?.day
        planned.lastDoneOn = done.last?.started.localDay
        return planned
    }

    /// The week of the block: ISO weeks since the week of the first workout from the routine, plus
    /// one, wrapping after `routine.weeks`.
    func routineWeek(_ routine: Routine, firstStarted: LocalDay?, today: LocalDay) -> Int {
        guard let firstStarted else { return 1 }
        let elapsed = max(0, firstStarted.startOfISOWeek.distance(to: today.startOfISOWeek) / 7)
        if let weeks = routine.weeks, weeks >= 1 { return elapsed % weeks + 1 }
        return elapsed + 1
    }

    /// Workouts started from a routine, not discarded, started by now; oldest first.
    func routineWorkouts(context: QueryContext) -> [WorkoutRecord] {
        allWorkouts.filter { !$0.isDiscarded && $0.routine != nil && $0.started.instant <= context.now }
    }
}
