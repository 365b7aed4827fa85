import ArgumentParser
import WlogCore
import WlogInterop

/// `wlog export PROJECTION`: a projection as CSV (default), JSON or JSON lines, to stdout or a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export a projection as CSV (default), JSON or JSON lines.",
        discussion: """
            PROJECTION: sets, workouts, prs, e1rm, volume, bodyweight, exercises, events, and strong or
            hevy (the workouts in Strong's or Hevy's CSV layout, for other apps). Columns are those of cli.md "Export columns"; rows are
            oldest first. Masses are in the display unit (--unit), rounded to 2 decimals; absent values
            are empty in CSV and null in JSON. --format json gives one array, jsonl one object per line;
            events are always the journal's own JSON lines (jsonl by default, json: one array).
            Filters: --since/--until (local days: sets, workouts, e1rm, volume, bodyweight, strong, hevy),
            --exercise (sets, workouts, prs, e1rm, strong, hevy), --group (sets, workouts, exercises,
            strong, hevy), --search (workouts, exercises, strong, hevy), --all (exercises), --formula/--max-reps (e1rm), --by/--group-by/--weeks/
            --with-bodyweight (volume; all weeks by default), --since-seq/--type (events).
            """)

    static let projections = ["sets", "workouts", "prs", "e1rm", "volume", "bodyweight", "exercises", "events", "strong", "hevy"]

    @Argument(help: "sets, workouts, prs, e1rm, volume, bodyweight, exercises, events, strong or hevy.") var projection: String
    @Option(name: [.short, .long], help: "Write to this file (replaced atomically) instead of standard output.") var output: String?
    @Option(help: "First local day (YYYY-MM-DD).") var since: String?
    @Option(help: "Last local day (YYYY-MM-DD).") var until: String?
    @Option(help: "Only this exercise.") var exercise: String?
    @Option(help: "Only this muscle group.") var group: String?
    @Option(help: "Only names or notes containing this text.") var search: String?
    @Flag(help: "exercises: the whole library.") var all = false
    @OptionGroup var formulaOptions: E1RMFormulaOptions
    @OptionGroup var volumeOptions: VolumeQueryOptions
    @OptionGroup var eventFilter: EventFilterOptions

    func run() throws {
        let context = try Context.resolve()
        let name = projection.lowercased()
        guard Self.projections.contains(name) else {
            throw WlogError.usage("export '\(projection)' is unknown; use one of " + Self.projections.joined(separator: ", "))
        }
        try checkFilters(name)
        let explicitFormat = Run.options.format != nil
        if name == "events" {
            return try eventFilter.write(context: context, format: explicitFormat ? context.format : .jsonl, output: output)
        }
        let format = explicitFormat ? context.format : .csv
        let loaded = try JournalSession(context: context).load()
        if name == "strong" || name == "hevy" {
            guard format == .csv else { throw WlogError.usage("export \(name) writes \(name == "strong" ? "Strong" : "Hevy")'s CSV; leave out --format") }
            let (workouts, notDone) = try exportWorkouts(loaded: loaded, context: context)
            if notDone > 0 {
                printError("wlog: left out \(notDone) set\(notDone == 1 ? "" : "s") marked not done (\(name == "strong" ? "Strong" : "Hevy")'s"
                           + " CSV has no such flag; an importer would count them as done)")
            }
            let text = name == "strong"
                ? StrongExporter.export(workouts, unit: loaded.unit) : HevyExporter.export(workouts, unit: loaded.unit)
            return try ReadOutput.write(text, to: output, rowCount: workouts.reduce(0) { $0 + $1.sets.count })
        }
        let rows = try rows(name, loaded: loaded, context: context)
        try ReadOutput.write(ReadOutput.render(rows, format: format), to: output, rowCount: rows.rows.count)
    }

    /// Refuses filters that mean nothing for the projection, so a typo'd export is not silently unfiltered.
    func checkFilters(_ name: String) throws {
        let given: [(String, Bool, Set<String>)] = [
            ("--since", since != nil, ["sets", "workouts", "e1rm", "volume", "bodyweight", "strong", "hevy"]),
            ("--until", until != nil, ["sets", "workouts", "e1rm", "volume", "bodyweight", "strong", "hevy"]),
            ("--exercise", exercise != nil, ["sets", "workouts", "prs", "e1rm", "strong", "hevy"]),
            ("--group", group != nil, ["sets", "workouts", "exercises", "strong", "hevy"]),
            ("--search", search != nil, ["workouts", "exercises", "strong", "hevy"]),
            ("--all", all, ["exercises"]),
            ("--formula", formulaOptions.formula != nil, ["e1rm"]),
            ("--max-reps", formulaOptions.maxReps != nil, ["e1rm"]),
            ("--by", volumeOptions.by != nil, ["volume"]),
            ("--group-by", volumeOptions.groupBy != nil, ["volume"]),
            ("--weeks", volumeOptions.weeks != nil, ["volume"]),
            ("--with-bodyweight", volumeOptions.withBodyweight, ["volume"]),
            ("--since-seq", eventFilter.sinceSeq != nil, ["events"]),
            ("--type", eventFilter.type != nil, ["events"]),
        ]
        for (option, isGiven, applies) in given where isGiven && !applies.contains(name) {
            throw WlogError.usage("\(option) does not apply to export \(name); it filters " + applies.sorted().joined(separator: ", "))
        }
    }

    func rows(_ name: String, loaded: JournalSession.Loaded, context: Context) throws -> Rows {
        let state = loaded.state
        let unit = loaded.unit
        let query = loaded.queryContext(now: context.now)
        let sinceDay = try DayText.parse(since, option: "since")
        let untilDay = try DayText.parse(until, option: "until")
        let exerciseFilter = try exercise.map { try ExerciseOptions.resolve($0, in: state) }
        let groupFilter = try group.map(ExerciseOptions.muscleFilter)
        let sets = SetRows(state: state, unit: unit)
        switch name {
        case "sets":
            let selected = state.liveSets.filter { set in
                let day = set.performed.localDay
                if let sinceDay, day < sinceDay { return false }
                if let untilDay, day > untilDay { return false }
                if let exerciseFilter, set.exercise != exerciseFilter.id { return false }
                if let groupFilter, !groupFilter.matches(state.exerciseOrStandIn(set.exercise)) { return false }
                return true
            }
            return sets.rows(selected)
        case "workouts":
            let filter = HistoryFilter(
                since: sinceDay, until: untilDay, exercise: exerciseFilter?.id, group: groupFilter, search: search,
                limit: Int.max, offset: 0)
            return WorkoutRows.rows(state.history(filter, context: query).workouts.reversed(), unit: unit)
        case "prs":
            let exercises = exerciseFilter.map { [$0] } ?? Self.loggedExercises(state, sets: sets)
            let records = exercises.filter { $0.kind.hasRecords }.compactMap { sets.records(of: $0.id) }
            return RecordRows.rows(records, unit: unit)
        case "e1rm":
            let (formula, maxReps) = try formulaOptions.parsed()
            let exercises = exerciseFilter.map { [$0] } ?? Self.loggedExercises(state, sets: sets)
            var rows = Rows(columns: E1RMRows.columns)
            for exercise in exercises where exercise.kind.isStrengthLike {
                var trend = E1RMRows.trend(exercise, sets: sets, formula: formula, maxReps: maxReps)
                trend.points = trend.points.filter { point in
                    (sinceDay.map { point.day >= $0 } ?? true) && (untilDay.map { point.day <= $0 } ?? true)
                }
                E1RMRows.append(trend, exercise: exercise, unit: unit, to: &rows)
            }
            return rows
        case "volume":
            let options = try volumeOptions.volumeOptions(today: query.today, defaultWeeks: nil, since: sinceDay, until: untilDay)
            return VolumeRows.rows(state.volume(options, context: query), unit: unit)
        case "bodyweight":
            let points = state.bodyweightStats(context: query).entries.filter { point in
                (sinceDay.map { point.day >= $0 } ?? true) && (untilDay.map { point.day <= $0 } ?? true)
            }
            return BodyweightRows.rows(points, unit: unit)
        case "exercises":
            let exercises = ExerciseCardRows.select(state: state, sets: sets, all: all, group: groupFilter, search: search)
            return ExerciseCardRows.rows(exercises, sets: sets, query: query)
        default:
            throw WlogError.usage("export '\(name)' is unknown")
        }
    }

    /// The workouts (oldest first) in the exporters' model, filtered like export workouts, and how
    /// many sets marked not done were left out (Strong and Hevy files hold completed sets only).
    func exportWorkouts(loaded: JournalSession.Loaded, context: Context) throws -> (workouts: [ExportWorkout], notDone: Int) {
        let state = loaded.state
        let filter = HistoryFilter(
            since: try DayText.parse(since, option: "since"), until: try DayText.parse(until, option: "until"),
            exercise: try exercise.map { try ExerciseOptions.resolve($0, in: state).id }, group: try group.map(ExerciseOptions.muscleFilter),
            search: search, limit: Int.max, offset: 0)
        var notDone = 0
        let workouts = state.history(filter, context: loaded.queryContext(now: context.now)).workouts.reversed().compactMap { summary -> ExportWorkout? in
            guard let start = summary.started else { return nil }
            let sets = summary.exercises.flatMap { exercise in
                exercise.sets.filter { set in
                    if !set.done { notDone += 1 }
                    return set.done
                }.map { set in
                    ExportSet(exercise: exercise.exercise.name, kind: exercise.exercise.kind, setType: set.setType, weight: set.weight,
                              reps: set.reps, distance: set.distance, durationMilliseconds: set.durationMilliseconds, rpe: set.rpe,
                              notes: set.notes)
                }
            }
            guard !sets.isEmpty else { return nil }
            return ExportWorkout(
                name: summary.name ?? summary.label, start: start, end: summary.finished,
                notes: summary.notes.isEmpty ? nil : summary.notes.joined(separator: "\n"), sets: sets)
        }
        return (workouts, notDone)
    }

    /// Exercises with at least one live set, by name (including retired ones that have history).
    static func loggedExercises(_ state: WlogState, sets: SetRows) -> [Exercise] {
        state.allExercises.filter { !sets.liveSets(of: $0.id).isEmpty }
    }
}
