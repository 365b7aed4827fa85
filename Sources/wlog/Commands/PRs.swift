import ArgumentParser
import WlogCore

/// `wlog prs [EXERCISE]`: personal records with the date and set that first reached them.
struct PRs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prs", abstract: "Personal records with date and set (NEW: within 7 days of now).")

    @Argument(help: "An exercise (default: every exercise with records).") var exercise: String?
    @Option(help: "Rep maxes to track, comma-separated (default: the journal's setting, 1,3,5,8,10).") var reps: String?

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let state = loaded.state
        var targets = state.settings.prReps
        if let reps {
            let parsed = reps.split(separator: ",").compactMap { Int($0.trimmingWhitespace()) }
            guard parsed.count == reps.split(separator: ",").count, parsed.allSatisfy({ (1...50).contains($0) }) else {
                throw WlogError.usage("--reps '\(reps)' must be whole numbers from 1 to 50, comma-separated, e.g. 1,3,5")
            }
            targets = parsed
        }
        let records: [PersonalRecords]
        if let exercise {
            let found = try ExerciseOptions.resolve(exercise, in: state)
            records = [state.personalRecords(ofExercise: found.id, repTargets: targets)
                ?? state.personalRecords(of: found, sets: [], repTargets: targets)]
        } else {
            // Every exercise with records (an assisted one has none), by name.
            let all = state.everyExerciseRecords(repTargets: targets)
            let kept = all.indices.filter { !all[$0].records.isEmpty }
            let order = ExerciseOrder.byName(names: kept.map { all[$0].exercise.name }, ids: kept.map { all[$0].exercise.id })
            records = order.map { all[kept[$0]] }
        }
        // Thousands of records and rows: freeing them one by one would delay the exit.
        KeptUntilExit.keep(records)
        guard context.format == .table else {
            let rows = RecordRows.rows(records, unit: loaded.unit)
            Printer.emit(rows, format: context.format)
            KeptUntilExit.keep(rows)
            return
        }
        let table = exercise == nil
            ? summary(records, state: state, unit: loaded.unit, now: context.now)
            : detail(records, state: state, unit: loaded.unit, now: context.now)
        KeptUntilExit.keep(table)
        if table.rows.isEmpty {
            printError("wlog: no records yet" + (exercise.map { " for \($0)" } ?? "") + " — log a set with wlog append set")
            return
        }
        Printer.emit(table, format: .table)
    }

    /// Every record of one exercise: category, value, the set, its date, NEW.
    func detail(_ records: [PersonalRecords], state: WlogState, unit: MassUnit, now: Instant) -> Rows {
        var table = Rows(columns: ["Record", "Value", "Set", "Date", ""])
        let line = SetLine(state: state, unit: unit)
        for exerciseRecords in records {
            for record in exerciseRecords.records {
                table.append([
                    .text(record.kind.name), .text(RecordRows.text(record, unit: unit, kind: exerciseRecords.exercise.kind)),
                    .text(state.set(record.set).map(line.what) ?? ""), .text(record.performed.localDay.iso),
                    .text(record.isNew(now: now) ? "NEW" : ""),
                ])
            }
        }
        return table
    }

    /// One line per exercise: best (heaviest, most reps, longest), best e1RM and its set, latest record date.
    func summary(_ records: [PersonalRecords], state: WlogState, unit: MassUnit, now: Instant) -> Rows {
        var table = Rows(columns: ["Exercise", "Best", "e1RM", "Best set (e1RM)", "Latest PR", ""])
        let line = SetLine(state: state, unit: unit)
        for exerciseRecords in records {
            let exercise = exerciseRecords.exercise
            func value(_ kind: RecordKind) -> String {
                exerciseRecords.record(kind).map { RecordRows.text($0, unit: unit, kind: exercise.kind) } ?? ""
            }
            let bestSet = exerciseRecords.record(.e1rm).flatMap { state.set($0.set) }.map(line.what) ?? ""
            let latest = exerciseRecords.records.max { $0.performed.instant < $1.performed.instant }
            let heaviest = value(exercise.kind.bestRecord)
            table.append([
                .text(exercise.name), .text(heaviest), .text(value(.e1rm)), .text(bestSet),
                .text(latest?.performed.localDay.iso ?? ""), .text(latest.map { $0.isNew(now: now) ? "NEW" : "" } ?? ""),
            ])
        }
        return table
    }
}
