import ArgumentParser
import WlogCore

/// `wlog prs [EXERCISE]`: personal records with the date and set that first reached them.
struct PRs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prs", abstract: "Personal records with date and set (NEW: within 7 days of now).")

    @Argument(help: "An exercise (default: every exercise with records).") var exercise: String?
    @Option(help: "Rep maxes to track, comma-separated (default: the journal's setting, 1,3,5,8,10).") var reps: String?

    func run() throws {
        let context = try Context.resolve()
        let loaded = try JournalSession(context: context).load()
        let state = loaded.state
        var targets = state.settings.prReps
        if let reps {
            let parsed = reps.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parsed.count == reps.split(separator: ",").count, parsed.allSatisfy({ (1...50).contains($0) }) else {
                throw WlogError.usage("--reps '\(reps)' must be whole numbers from 1 to 50, comma-separated, e.g. 1,3,5")
            }
            targets = parsed
        }
        let formula = E1RMFormula(parsing: state.settings.e1rmFormula) ?? .epley
        var setsByExercise: [String: [LoggedSet]] = [:]
        for set in state.liveSets { setsByExercise[set.exercise, default: []].append(set) }
        var exercises: [Exercise]
        if let exercise {
            exercises = [try ExerciseOptions.resolve(exercise, in: state)]
        } else {
            exercises = setsByExercise.keys.compactMap { state.exercise($0) }.sorted { $0.name < $1.name }
        }
        exercises = exercises.filter { $0.kind != .assisted || exercise != nil }
        let records = exercises.map {
            PersonalRecords(exercise: $0, sets: setsByExercise[$0.id] ?? [], repTargets: targets, formula: formula,
                            maxReps: state.settings.e1rmMaxReps)
        }.filter { !$0.records.isEmpty || exercise != nil }
        guard context.format == .table else {
            Printer.emit(RecordRows.rows(records, unit: loaded.unit), format: context.format)
            return
        }
        var table = Rows(columns: ["exercise", "record", "value", "set", "date", "new"])
        for exerciseRecords in records {
            for (index, record) in exerciseRecords.records.enumerated() {
                let set = state.set(record.set)
                table.append([
                    .text(index == 0 ? exerciseRecords.exercise.name : ""), .text(record.kind.name),
                    .text(RecordRows.text(record, unit: loaded.unit)),
                    .text(set.map { SetLine(state: state, unit: loaded.unit).what($0) } ?? ""),
                    .text(record.performed.localDay.iso), .text(record.isNew(now: context.now) ? "NEW" : ""),
                ])
            }
        }
        if table.rows.isEmpty {
            printError("wlog: no records yet" + (exercise.map { " for \($0)" } ?? "") + " — log a set with wlog append set")
            return
        }
        Printer.emit(table, format: .table, tableHeaders: ["Exercise", "Record", "Value", "Set", "Date", ""])
    }
}
