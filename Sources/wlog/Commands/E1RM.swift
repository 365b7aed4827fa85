import ArgumentParser
import WlogCore

/// `wlog e1rm EXERCISE`: the best estimated 1RM per local day and the best ever.
struct E1RMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "e1rm", abstract: "Estimated 1RM: best per day and the current best.",
        discussion: """
            Counts live, done, non-warm-up sets with a load; sets above --max-reps (default: the \
            journal's setting, 12) get no estimate, and the rpe formula needs an RPE on the set. A single \
            estimates its own weight with every formula. \
            Columns of csv/json/jsonl (and of wlog export e1rm): date, exercise_id, e1rm, unit, formula, \
            set_id — oldest day first; the table adds the set and marks the best. \
            --percentages: the loads NSCA's reps → %1RM table gives for the best e1RM (1–12 and 15 reps, \
            rounded to 2.5 kg / 5 lb); columns reps, percent, load, unit, e1rm, formula.
            """)

    @Argument(help: "The exercise: name, id or alias, any case; a unique prefix is enough.") var exercise: String
    @OptionGroup var formulaOptions: E1RMFormulaOptions
    @Flag(help: "The loads of NSCA's reps → %1RM table for the best e1RM.") var percentages = false

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let state = loaded.state
        let unit = loaded.unit
        let found = try ExerciseOptions.resolve(exercise, in: state)
        guard found.kind.isStrengthLike else {
            throw WlogError.refused("\(found.name) is a \(found.kind.rawValue) exercise: it has no e1RM — see wlog exercise \(found.id)")
        }
        let sets = SetRows(state: state, unit: unit)
        let trend = E1RMRows.trend(found, sets: sets, formula: formulaOptions.formula, maxReps: formulaOptions.maxReps)
        if trend.addedLoadOnly { printError("wlog: note: " + E1RMBasis.addedOnlyNote) }
        let noE1RM = "wlog: no e1RM for \(found.name) yet — " + Self.needs(trend.formula, maxReps: formulaOptions.maxReps ?? state.settings.e1rmMaxReps)
        if percentages {
            return printPercentages(found, best: trend.best, formula: trend.formula, unit: unit, format: context.format, noE1RM: noE1RM)
        }
        var rows = Rows(columns: E1RMRows.columns)
        E1RMRows.append(trend, exercise: found, unit: unit, to: &rows)
        guard context.format == .table else {
            Printer.emit(rows, format: context.format)
            return
        }
        guard let best = trend.best else {
            printError(noE1RM)
            return
        }
        var table = Rows(columns: ["date", "e1rm", "set", "best"])
        for point in trend.points {
            let set = state.set(point.set)
            table.append([
                .text(point.day.iso), .text(MassCellText.text(point.e1rm, unit: unit)),
                .text((set.map(sets.line.what) ?? "") + Self.bodyweightText(point, kind: found.kind, unit: unit)),
                .text(point.set == best.set ? "★" : ""),
            ])
        }
        var text = found.name + " e1RM (" + trend.formula.rawValue + ")\n"
        text += TableText.render(table, headers: ["Date", "e1RM", "Set", ""])
        text += "best " + MassCellText.text(best.e1rm, unit: unit) + " on " + best.day.iso + " from "
            + (state.set(best.set).map(sets.line.what) ?? "") + Self.bodyweightText(best, kind: found.kind, unit: unit) + "  [" + best.set.short + "]\n"
        Printer.write(text)
    }

    /// `--percentages`: NSCA's table for the best e1RM.
    func printPercentages(_ exercise: Exercise, best: E1RMTrend.Point?, formula: E1RMFormula, unit: MassUnit, format: OutputFormat,
                          noE1RM: String) {
        var rows = Rows(columns: ["reps", "percent", "load", "unit", "e1rm", "formula"])
        guard let best else {
            printError(noE1RM)
            if format != .table { Printer.emit(rows, format: format) }
            return
        }
        for row in PercentOfMax.table(e1rm: best.e1rm) {
            rows.append([.int(Int64(row.reps)), .int(Int64((row.fraction * 100).rounded())), .mass(row.load, in: unit), .text(unit.rawValue),
                         .mass(best.e1rm, in: unit), .text(formula.rawValue)])
        }
        guard format == .table else { return Printer.emit(rows, format: format) }
        var table = Rows(columns: ["reps", "percent", "load"])
        for row in rows.rows { table.append([row[0], .text(row[1].plain + " %"), .text(row[2].plain + " " + unit.rawValue)]) }
        Printer.write(exercise.name + ": loads from e1RM " + MassCellText.text(best.e1rm, unit: unit) + " (" + formula.rawValue + ", "
            + best.day.iso + "), NSCA's reps → %1RM table\n" + TableText.render(table, headers: ["Reps", "%1RM", "Load"])
            + "Rounded to 2.5 kg / 5 lb; reps to failure (for RPE targets see wlog plan show).\n")
    }

    /// What a set needs for an estimate under `formula`: its own rep range within the lifter's cap,
    /// e.g. `it needs a done working set of 1 to 10 reps (epley's range; your cap is 12)`.
    static func needs(_ formula: E1RMFormula, maxReps: Int) -> String {
        let limit = formula.repLimit(maxReps: maxReps)
        var text = "it needs a done working set of 1 to \(limit) reps"
        if formula.validReps < maxReps {
            text += " (\(formula.rawValue)'s range; your cap is \(maxReps))"
        }
        return text + (formula == .rpe ? " with an RPE" : "")
    }

    /// ` at BW 80 kg` for a point whose estimate includes the body weight; ` (added load only)`
    /// for a body-weight exercise's point without one.
    static func bodyweightText(_ point: E1RMTrend.Point, kind: ExerciseKind, unit: MassUnit) -> String {
        if let body = point.bodyweight { return " at BW " + body.formatted(in: unit) }
        return kind == .bodyweight ? " (added load only)" : ""
    }
}

/// `--formula` and `--max-reps` of `e1rm` and `export e1rm`.
struct E1RMFormulaOptions: ParsableArguments {
    @Option(help: "The formula (default: the journal's setting, epley).")
    var formula: E1RMFormula?
    @Option(help: "Sets above this many reps get no estimate (default: the journal's setting, 12).") var maxReps: Int?

    func validate() throws {
        if let maxReps, !(1...50).contains(maxReps) { throw ValidationError("--max-reps must be from 1 to 50") }
    }
}
