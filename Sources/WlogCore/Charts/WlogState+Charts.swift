extension WlogState {
    /// The best e1RM per local day of an exercise (settings' formula and max reps), up to today.
    public func e1rmTrend(exercise: Exercise, context: QueryContext) -> E1RMTrend {
        let formula = settings.chosenE1RMFormula
        let sets = liveSets.filter { $0.exercise == exercise.id && $0.performed.localDay <= context.today }
        let timeline = exercise.kind == .bodyweight ? BodyweightTimeline(self) : nil
        return E1RMTrend(exercise: exercise, sets: sets, formula: formula, maxReps: settings.e1rmMaxReps,
                         bodyweight: timeline.map { t in { t.weight(at: $0) } })
    }

    /// `e1rmTrend` as a chart.
    public func e1rmChart(exercise: Exercise, context: QueryContext) -> Chart {
        let trend = e1rmTrend(exercise: exercise, context: context)
        return Chart(title: exercise.name + " e1RM", unit: context.unit.rawValue,
                     points: trend.points.map { Chart.Point(day: $0.day, value: Chart.value($0.e1rm, in: context.unit)) })
    }

    /// The most reps in one set per local day of an exercise, up to today (seed 002's chart for
    /// body-weight exercises; any exercise with reps works).
    public func repsChart(exercise: Exercise, context: QueryContext) -> Chart {
        var byDay: [LocalDay: Int] = [:]
        for set in liveSets where set.exercise == exercise.id && set.performed.localDay <= context.today
            && (exercise.kind == .assisted ? ExerciseKind.strength : exercise.kind).countsForRecords(set) {
            guard let reps = set.reps, reps > 0 else { continue }
            byDay[set.performed.localDay] = max(byDay[set.performed.localDay] ?? 0, reps)
        }
        let points = byDay.map { Chart.Point(day: $0.key, value: Double($0.value)) }.sorted { $0.day < $1.day }
        return Chart(title: exercise.name + " reps", unit: "reps", points: points)
    }

    /// Body weight per local day (the day's last entry), up to today, with the goal line.
    public func bodyweightChart(context: QueryContext) -> Chart {
        var byDay: [LocalDay: Mass] = [:]
        for entry in bodyweightEntries where entry.at.localDay <= context.today { byDay[entry.at.localDay] = entry.weight }
        let points = byDay.map { Chart.Point(day: $0.key, value: Chart.value($0.value, in: context.unit)) }.sorted { $0.day < $1.day }
        return Chart(title: "Body weight", unit: context.unit.rawValue, points: points,
                     goal: goal.map { Chart.value($0, in: context.unit) })
    }

    /// Weekly tonnage of qualifying sets for the last `weeks` ISO weeks (this one included); one
    /// point per week at its Monday, weeks without training at 0.
    public func volumeChart(weeks: Int = 12, context: QueryContext) -> Chart {
        let thisWeek = context.today.startOfISOWeek
        let first = thisWeek.advanced(by: -7 * (max(weeks, 1) - 1))
        let rows = volume(VolumeOptions(by: .week, since: first, until: context.today), context: context)
        var byWeek: [LocalDay: Mass] = [:]
        for row in rows { byWeek[row.start] = row.volume }
        let points = stride(from: first, through: thisWeek, by: 7).map { week in
            Chart.Point(day: week, value: byWeek[week].map { Chart.value($0, in: context.unit) } ?? 0)
        }
        return Chart(title: "Weekly volume", unit: context.unit.rawValue, points: points)
    }
}
