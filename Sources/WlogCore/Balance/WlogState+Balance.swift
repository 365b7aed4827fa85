extension WlogState {
    /// The muscle-balance report at `context.now` (sets after today are ignored).
    public func muscleBalance(_ options: MuscleBalance.Options = MuscleBalance.Options(),
                              context: QueryContext) -> MuscleBalance {
        let today = context.today
        let windowDays = max(options.weeks, 1) * 7
        let windowStart = today.advanced(by: -(windowDays - 1))
        let sevenStart = today.advanced(by: -6)
        var window: [MuscleGroup: Int] = [:]
        var seven: [MuscleGroup: Int] = [:]
        var last: [MuscleGroup: LocalDay] = [:]
        var muscleWindow: [Muscle: Int] = [:], muscleSeven: [Muscle: Int] = [:], muscleLast: [Muscle: LocalDay] = [:]
        var firstDay: LocalDay?
        var push = 0, pull = 0
        for set in liveSets {
            let exercise = exerciseOrStandIn(set.exercise)
            guard set.isHardSet(for: exercise.kind) else { continue }
            let day = set.performed.localDay
            guard day <= today else { continue }
            if firstDay.map({ day < $0 }) ?? true { firstDay = day }
            let shares = [(exercise.group, 2)] + exercise.secondary.map { ($0, 1) }
            for (group, half) in shares {
                if last[group].map({ day > $0 }) ?? true { last[group] = day }
                if day >= windowStart { window[group, default: 0] += half }
                if day >= sevenStart { seven[group, default: 0] += half }
            }
            for muscle in Set(exercise.muscles) {
                if muscleLast[muscle].map({ day > $0 }) ?? true { muscleLast[muscle] = day }
                if day >= windowStart { muscleWindow[muscle, default: 0] += 1 }
                if day >= sevenStart { muscleSeven[muscle, default: 0] += 1 }
            }
            if day >= windowStart {
                if exercise.pattern == .push { push += 1 }
                if exercise.pattern == .pull { pull += 1 }
            }
        }
        let weeksCounted: Int = {
            guard let firstDay else { return 1 }
            let days = firstDay.distance(to: today) + 1
            return min(max((days + 6) / 7, 1), max(options.weeks, 1))
        }()
        let groups = MuscleBalance.reportedGroups.map { group -> MuscleBalance.Group in
            let half = window[group] ?? 0
            let average = Double(half) / 2 / Double(weeksCounted)
            let zone: MuscleBalance.Zone = average < Double(options.low) ? .below
                : average > Double(options.high) ? .above : .within
            let lastDay = last[group]
            let since = lastDay.map { $0.distance(to: today) }
            return MuscleBalance.Group(
                group: group, lastSevenDaysHalfSets: seven[group] ?? 0, windowHalfSets: half, weeklyAverage: average,
                zone: zone, lastTrained: lastDay, daysSince: since, isStale: (since ?? 0) > options.staleAfterDays)
        }
        let muscles = Muscle.allCases.map { muscle -> MuscleBalance.MuscleLine in
            let since = muscleLast[muscle].map { $0.distance(to: today) }
            return MuscleBalance.MuscleLine(
                muscle: muscle, lastSevenDaysSets: muscleSeven[muscle] ?? 0,
                weeklyAverage: Double(muscleWindow[muscle] ?? 0) / Double(weeksCounted), lastTrained: muscleLast[muscle],
                daysSince: since, isStale: (since ?? 0) > options.staleAfterDays)
        }
        let ratio: Double? = pull > 0 ? Double(push) / Double(pull) : nil
        let alert: Bool
        if let ratio {
            alert = ratio < options.ratioLow || ratio > options.ratioHigh
        } else {
            alert = push > 0
        }
        return MuscleBalance(groups: groups, muscles: muscles, weeksCounted: weeksCounted, pushSets: push, pullSets: pull,
                             pushPullRatio: ratio, ratioAlert: alert, options: options)
    }
}
