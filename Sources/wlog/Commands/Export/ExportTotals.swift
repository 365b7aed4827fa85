import ArgumentParser
import WlogCore

/// `wlog export volume`: tonnage and hard sets per period (all weeks unless `--weeks`).
struct ExportVolume: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "volume", abstract: "Tonnage and hard sets per period.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var days: ExportDays
    @OptionGroup var volumeOptions: VolumeQueryOptions

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        let query = loaded.query
        let span = try days.parsed()
        let options = volumeOptions.volumeOptions(today: query.today, defaultWeeks: nil, since: span.since, until: span.until)
        return VolumeRows.rows(loaded.state.volume(options, context: query), unit: loaded.unit)
    }
}

/// `wlog export bodyweight`: the entries with their 7-day averages.
struct ExportBodyweight: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "bodyweight", abstract: "Body-weight entries with their 7-day averages.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var days: ExportDays

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        let span = try days.parsed()
        let points = loaded.state.bodyweightStats(context: loaded.query).entries
            .filter { ExportDays.contains($0.day, span) }
        return BodyweightRows.rows(points, unit: loaded.unit)
    }
}

/// `wlog export exercises`: the lifter's exercises (or the whole library) with their cards.
struct ExportExercises: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "exercises", abstract: "Exercises with their last set and record.")

    @OptionGroup var destination: ExportDestination
    @Option(help: "Only this muscle group or fine muscle.") var group: String?
    @Option(help: "Only exercises whose name, id or alias contains this text.") var search: String?
    @Flag(help: "The whole library, not only the exercises you have logged.") var all = false

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        let state = loaded.state
        let sets = SetRows(state: state, unit: loaded.unit)
        let exercises = ExerciseCardRows.select(state: state, sets: sets, all: all, group: try group.map(ExerciseOptions.muscleFilter),
                                                search: search)
        return ExerciseCardRows.rows(exercises, sets: sets, query: loaded.query)
    }
}

/// `wlog export events`: the journal's own JSON lines (JSON lines by default; json: one array).
struct ExportEvents: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "events", abstract: "The journal's events as its own JSON lines.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var eventFilter: EventFilterOptions

    func run() throws {
        let context = try Context.resolve()
        try eventFilter.write(context: context, format: Run.options.format != nil ? context.format : .jsonl, output: destination.output)
    }
}
