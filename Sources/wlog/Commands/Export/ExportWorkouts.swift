import ArgumentParser
import WlogCore
import WlogInterop

/// `wlog export workouts`: one row per workout, oldest first; and `export strong`/`export hevy`,
/// the same workouts in another app's CSV layout.
struct ExportWorkouts: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "workouts", abstract: "One row per workout, oldest first.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var filter: ExportWorkoutFilter

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        WorkoutRows.rows(loaded.state.history(try filter.history(loaded.state), context: loaded.query).workouts.reversed(), unit: loaded.unit)
    }
}

/// The filters of `export workouts`, `strong` and `hevy`.
struct ExportWorkoutFilter: ParsableArguments {
    @OptionGroup var days: ExportDays
    @OptionGroup var selection: ExportSelection
    @Option(help: "Only workouts whose name or notes contain this text.") var search: String?

    /// Every workout the filters let through (`HistoryFilter` without a limit).
    func history(_ state: WlogState) throws -> HistoryFilter {
        let span = try days.parsed()
        return HistoryFilter(since: span.since, until: span.until, exercise: try selection.exercise(in: state)?.id,
                             group: try selection.muscleFilter(), search: search, limit: Int.max, offset: 0)
    }
}
