import ArgumentParser
import WlogCore

/// `wlog history`: workouts newest first with label, duration, sets, volume and PRs.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Workouts newest first with label, duration, sets, volume, PRs.")

    @OptionGroup var filter: HistoryFilterOptions

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let query = loaded.query
        let page = loaded.state.history(try filter.filter(state: loaded.state), context: query)
        guard context.format == .table else {
            Printer.emit(WorkoutRows.rows(page.workouts, unit: loaded.unit, state: loaded.state), format: context.format)
            return
        }
        if page.workouts.isEmpty {
            printError("wlog: " + (page.total > 0 ? "no workouts on this page (\(page.total) in all)"
                : filter.narrows ? "no workouts match " + filter.description + " (wlog history without them lists every workout)"
                : "no workouts yet — log a set with wlog append set"))
            return
        }
        let rests = loaded.state.restsTaken()
        let text = page.workouts.map { WorkoutRows.text($0, state: loaded.state, unit: loaded.unit, rests: rests) }
            .joined(separator: "\n\n")
        Printer.write(text + "\n")
        let shown = filter.offset + page.workouts.count
        if shown < page.total { printError("wlog: \(shown) of \(page.total) workouts; more with --offset \(shown)") }
    }
}

/// The filters of `history` and `export workouts`/`export sets`.
struct HistoryFilterOptions: ParsableArguments {
    @Option(help: "First local day (YYYY-MM-DD).") var since: String?
    @Option(help: "Last local day (YYYY-MM-DD).") var until: String?
    @Option(help: "Only workouts with this exercise.") var exercise: String?
    @Option(help: "Only workouts training this muscle group or muscle (legs, hamstrings …).") var group: String?
    @Option(help: "Only workouts whose names or notes contain this text.") var search: String?
    @Option(help: "How many workouts (default 50).") var limit: Int = defaultLimit
    @Option(help: "Skip this many workouts.") var offset: Int = 0

    /// Whether a filter (not the paging) was given.
    var narrows: Bool { since != nil || until != nil || exercise != nil || group != nil || search != nil }

    /// The filters given, as typed: `--search 'deload' --group Legs`.
    var description: String {
        [("--since", since), ("--until", until), ("--exercise", exercise), ("--group", group), ("--search", search)]
            .compactMap { name, value in value.map { name + " '" + $0 + "'" } }.joined(separator: " ")
    }

    /// `--limit` when not given.
    static let defaultLimit = 50

    func validate() throws {
        guard limit >= 0, offset >= 0 else { throw ValidationError("--limit and --offset must be 0 or more") }
    }

    func filter(state: WlogState, unlimited: Bool = false) throws -> HistoryFilter {
        HistoryFilter(
            since: try DayText.parse(since, option: "since"), until: try DayText.parse(until, option: "until"),
            exercise: try exercise.map { try ExerciseOptions.resolve($0, in: state).id },
            group: try group.map(ExerciseOptions.muscleFilter), search: search,
            limit: unlimited ? Int.max : limit, offset: offset)
    }
}
