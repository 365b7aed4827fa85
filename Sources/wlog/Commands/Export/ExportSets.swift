import ArgumentParser
import WlogCore

/// `wlog export sets`: every live set with every fact of it (cli.md "Export columns").
struct ExportSets: ExportRowsCommand {
    static let configuration = CommandConfiguration(commandName: "sets", abstract: "Every live set, oldest first.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var days: ExportDays
    @OptionGroup var selection: ExportSelection

    func rows(_ loaded: JournalSession.Loaded) throws -> Rows {
        let state = loaded.state
        let span = try days.parsed()
        let exercise = try selection.exercise(in: state), group = try selection.muscleFilter()
        let selected = state.liveSets.filter { set in
            if !ExportDays.contains(set.performed.localDay, span) { return false }
            if let exercise, set.exercise != exercise.id { return false }
            if let group, !group.matches(state.exerciseOrStandIn(set.exercise)) { return false }
            return true
        }
        return SetRows(state: state, unit: loaded.unit).rows(selected)
    }
}
