import ArgumentParser
import WlogCore

/// `wlog export PROJECTION`: a projection as CSV (default), JSON or JSON lines, to stdout or a
/// file. One subcommand per projection, each taking only the filters that mean something for it
/// (any other is refused by the parser, exit 64, so a typo'd export is never silently unfiltered).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export a projection as CSV (default), JSON or JSON lines.",
        discussion: """
            Columns are those of cli.md "Export columns"; rows are oldest first. Masses are in the display unit \
            (--unit), rounded to 2 decimals; absent values are empty in CSV and null in JSON. --format json gives \
            one array, jsonl one object per line; events are always the journal's own JSON lines (jsonl by default, \
            json: one array). strong and hevy write the workouts in Strong's or Hevy's CSV layout, for other apps.
            """,
        subcommands: [ExportSets.self, ExportWorkouts.self, ExportPRs.self, ExportE1RM.self, ExportVolume.self, ExportBodyweight.self,
                      ExportExercises.self, ExportEvents.self, ExportStrong.self, ExportHevy.self])

    /// The exercise `name` names, else every exercise with at least one live set, by name
    /// (including retired ones that have history): what `export prs` and `export e1rm` cover.
    static func exercises(_ name: String?, state: WlogState, sets: SetRows) throws -> [Exercise] {
        if let name { return [try ExerciseOptions.resolve(name, in: state)] }
        return state.allExercises.filter { !sets.liveSets(of: $0.id).isEmpty }
    }
}

/// An export of a projection's rows: `run` loads the journal, makes the rows and writes them as
/// `--format` asks (CSV by default) to `--output` or stdout.
protocol ExportRowsCommand: ParsableCommand {
    var destination: ExportDestination { get }
    /// The projection's rows in the journal read.
    func rows(_ loaded: JournalSession.Loaded) throws -> Rows
}

extension ExportRowsCommand {
    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let format = Run.options.format != nil ? context.format : .csv
        let made = try rows(loaded)
        try ReadOutput.write(ReadOutput.render(made, format: format), to: destination.output, rowCount: made.rows.count)
    }
}

/// `--output FILE` of every export.
struct ExportDestination: ParsableArguments {
    @Option(name: [.short, .long], help: "Write to this file (replaced atomically) instead of standard output.") var output: String?
}

/// `--since/--until` of the exports that cover a span of days.
struct ExportDays: ParsableArguments {
    @Option(help: "First local day (YYYY-MM-DD).") var since: String?
    @Option(help: "Last local day (YYYY-MM-DD).") var until: String?

    /// The days, parsed (exit 64 naming the option when one is not a date).
    func parsed() throws -> (since: LocalDay?, until: LocalDay?) {
        (try DayText.parse(since, option: "since"), try DayText.parse(until, option: "until"))
    }

    /// Whether `day` is within the span.
    static func contains(_ day: LocalDay, _ span: (since: LocalDay?, until: LocalDay?)) -> Bool {
        (span.since.map { day >= $0 } ?? true) && (span.until.map { day <= $0 } ?? true)
    }
}

/// `--exercise`, `--group` and `--search` of the exports of sets and workouts.
struct ExportSelection: ParsableArguments {
    @Option(help: "Only this exercise.") var exercise: String?
    @Option(help: "Only this muscle group or fine muscle.") var group: String?

    func exercise(in state: WlogState) throws -> Exercise? { try exercise.map { try ExerciseOptions.resolve($0, in: state) } }
    func muscleFilter() throws -> MuscleFilter? { try group.map(ExerciseOptions.muscleFilter) }
}
