import ArgumentParser
import WlogCore

/// `wlog export prs`: every record of every exercise with live sets (assisted excluded), by name.
struct ExportPRs: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "prs", abstract: "Every personal record, by exercise.")

    @OptionGroup var destination: ExportDestination
    @Option(help: "Only this exercise.") var exercise: String?

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        let state = loaded.state
        let sets = SetRows(state: state, unit: loaded.unit)
        let exercises = try ExportCommand.exercises(exercise, state: state, sets: sets)
        return RecordRows.rows(exercises.filter { $0.kind.hasRecords }.compactMap { sets.records(of: $0.id) }, unit: loaded.unit)
    }
}

/// `wlog export e1rm`: the best e1RM per day of every strength-like exercise with live sets.
struct ExportE1RM: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "e1rm", abstract: "The best e1RM per day, by exercise.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var days: ExportDays
    @Option(help: "Only this exercise.") var exercise: String?
    @OptionGroup var formulaOptions: E1RMFormulaOptions

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        let state = loaded.state
        let sets = SetRows(state: state, unit: loaded.unit)
        let span = try days.parsed()
        let exercises = try ExportCommand.exercises(exercise, state: state, sets: sets)
        var rows = Rows(columns: E1RMRows.columns)
        for exercise in exercises where exercise.kind.isStrengthLike {
            var trend = E1RMRows.trend(exercise, sets: sets, formula: formulaOptions.formula, maxReps: formulaOptions.maxReps)
            trend.points = trend.points.filter { ExportDays.contains($0.day, span) }
            E1RMRows.append(trend, exercise: exercise, unit: loaded.unit, to: &rows)
        }
        return rows
    }
}
