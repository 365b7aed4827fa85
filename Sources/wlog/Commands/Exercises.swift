import ArgumentParser
import WlogCore

/// `wlog exercises`: the library with each exercise's card.
struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises", abstract: "The exercise library with each exercise's card (last set, last session's top set, PR).",
        discussion: """
            By default only the exercises you have logged, plus your custom ones; --all lists the whole \
            library. The card: the last set (today's included), the top set of the last session before \
            today, and the record for the exercise's default PR reps (body-weight: max reps without \
            added load; cardio: longest distance; timed: longest hold). \
            Columns of csv/json/jsonl (and of wlog export exercises): exercise_id, exercise, group, \
            kind, equipment, custom, sets, last_date, last_set, last_set_id, top_set, top_set_id, \
            pr_record, pr_value, pr_unit, pr_date, previous, guessed (what an import guessed from the name and you \
            have not set since: kind;group;equipment;pattern; a ? after the group in the table), attachment (a cable \
            exercise's attachment).
            """)

    @OptionGroup var selection: ExerciseSelectionOptions

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let query = loaded.query
        let sets = SetRows(state: loaded.state, unit: loaded.unit)
        let exercises = try selection.select(state: loaded.state, sets: sets)
        guard context.format == .table else {
            Printer.emit(ExerciseCardRows.rows(exercises, sets: sets, query: query), format: context.format)
            return
        }
        if exercises.isEmpty {
            printError("wlog: no exercises" + (selection.all ? " match" : " logged yet — see the library with wlog exercises --all"))
            return
        }
        var table = Rows(columns: ["exercise", "group", "last", "top", "pr"])
        for exercise in exercises {
            let card = ExerciseCardRows.card(exercise, sets: sets, query: query)
            table.append([
                .text(exercise.name), .text(exercise.group.rawValue + (exercise.guessed.isEmpty ? "" : "?")),
                .text(card.lastSet.map(sets.line.what) ?? ""),
                .text(card.lastSessionTopSet.map(sets.line.what) ?? ""),
                .text(card.pr.map { $0.kind.name + " " + RecordRows.text($0, unit: loaded.unit, kind: exercise.kind) } ?? ""),
            ])
        }
        Printer.emit(table, format: .table, tableHeaders: ["Exercise", "Group", "Last set", "Last top set", "PR"])
        if exercises.contains(where: { !$0.guessed.isEmpty }) { printError(ExerciseCardRows.guessedNote) }
    }
}

/// `--group`, `--search`, `--all` of `exercises` and `export exercises`.
struct ExerciseSelectionOptions: ParsableArguments {
    @Option(help: "Only this primary muscle group (Chest, Back, Legs, Shoulders, Arms, Biceps, Triceps, Core, Cardio) or the exercises listing this muscle (hamstrings, lats …).")
    var group: String?
    @Option(help: "Only exercises whose name, id or alias contains this text.") var search: String?
    @Flag(help: "The whole library, not only the exercises you have logged and your custom ones.") var all = false
    @Flag(help: "Only exercises your available equipment allows (wlog append equipment); implies --all.") var available = false

    func select(state: WlogState, sets: SetRows) throws -> [Exercise] {
        let selected = ExerciseCardRows.select(
            state: state, sets: sets, all: all || available, group: try group.map(ExerciseOptions.muscleFilter), search: search)
        return available ? selected.filter(state.canDo) : selected
    }
}

/// `wlog exercise EXERCISE`: card, records, chart series and recent sets of one exercise.
struct ExerciseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise", abstract: "One exercise: card, PR table, chart series, recent sets.",
        discussion: """
            The chart series is one point per local day: the heaviest weight among sets with at least \
            --min-reps reps (body-weight exercises: the most reps; cardio: the longest distance; timed:
            the longest hold; assisted: the least assistance). \
            --format csv|jsonl: the chart series (date, exercise_id, value, unit, set_id). \
            --format json: one object: the card (the columns of wlog exercises) with "records" (the \
            columns of export prs), "chart" and "recent" (the columns of export sets, newest first), and for a \
            strength exercise "progression": its jumps and the volume of 4 weeks against the 4 before \
            (docs/COACH.md).
            """)

    @Argument(help: "The exercise: name, id or alias, any case; a unique prefix is enough.") var exercise: String
    @Option(help: "Chart: only sets with at least this many reps (default 1).") var minReps: Int = 1
    @Option(help: "How many recent sets (default 10).") var recent: Int = 10

    func validate() throws {
        guard minReps >= 1, recent >= 0 else { throw ValidationError("--min-reps must be 1 or more and --recent 0 or more") }
    }

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let state = loaded.state
        let unit = loaded.unit
        let found = try ExerciseOptions.resolve(exercise, in: state)
        let sets = SetRows(state: state, unit: unit)
        let card = ExerciseCardRows.card(found, sets: sets, query: loaded.query)
        let live = sets.liveSets(of: found.id)
        let chart = ChartRows.rows(ChartSeries(exercise: found, sets: live, minReps: minReps), exercise: found, unit: unit)
        let records = found.kind.hasRecords ? sets.records(of: found.id) : nil
        let recentSets = Array(live.suffix(recent).reversed())
        let trend = found.kind == .strength ? state.progressionTrend(found, context: loaded.query) : nil
        switch context.format {
        case .csv, .jsonl:
            Printer.write(ReadOutput.render(chart, format: context.format))
        case .json:
            var cardRows = Rows(columns: ExerciseCardRows.columns)
            cardRows.append(ExerciseCardRows.cells(found, card: card, sets: sets))
            let recordRows = RecordRows.rows(records.map { [$0] } ?? [], unit: unit)
            let fields = ReadOutput.fields(cardRows) + [
                ("records", ReadOutput.array(recordRows, multiline: true)), ("chart", ReadOutput.array(chart, multiline: true)),
                ("recent", ReadOutput.array(sets.rows(recentSets), multiline: true)),
            ] + (trend.map { [("progression", ProgressionRows.json($0, unit: unit))] } ?? [])
            Printer.write(ReadOutput.object(fields) + "\n")
        case .table:
            Printer.write(text(found, card: card, records: records, chart: chart, recent: recentSets, sets: sets, now: context.now)
                + (trend.map { ProgressionRows.text($0, unit: unit) } ?? ""))
        }
    }

    func text(_ exercise: Exercise, card: ExerciseCard, records: PersonalRecords?, chart: Rows, recent: [LoggedSet],
              sets: SetRows, now: Instant) -> String {
        let unit = sets.unit
        let line = sets.line
        var facts = [exercise.group.rawValue, exercise.kind.rawValue]
        if exercise.equipment != .none { facts.append(exercise.equipment.rawValue + (exercise.attachment.map { " (" + $0 + ")" } ?? "")) }
        if !exercise.secondary.isEmpty { facts.append("also " + exercise.secondary.map(\.rawValue).joined(separator: ", ")) }
        if exercise.isCustom { facts.append("custom") }
        if let guessed = ExerciseCardRows.guessedText(exercise, separator: ", ") { facts.append("guessed on import: " + guessed) }
        var text = exercise.name + "  [" + exercise.id + "]\n"
        var pairs: [(String, String)] = [("about", facts.joined(separator: " · "))]
        if let note = exercise.pinnedNote { pairs.append(("pinned", note)) }
        if let last = card.lastSet { pairs.append(("last set", last.performed.localDay.iso + "  " + line.what(last))) }
        if let top = card.lastSessionTopSet {
            let previous = card.previousPerformanceText(in: unit)
            pairs.append(("last session", top.performed.localDay.iso + "  top " + line.what(top)
                + (previous.isEmpty ? "" : "  ·  " + previous)))
        }
        if let pr = card.pr {
            pairs.append(("PR (" + pr.kind.name + ")", RecordRows.text(pr, unit: unit, kind: exercise.kind) + "  " + pr.performed.localDay.iso))
        }
        if card.lastSet == nil { pairs.append(("sets", "none logged yet")) }
        text += FieldsText.render(pairs)
        if let records, !records.records.isEmpty {
            var table = Rows(columns: ["record", "value", "set", "date", "new"])
            for record in records.records {
                table.append([
                    .text(record.kind.name), .text(RecordRows.text(record, unit: unit, kind: exercise.kind)),
                    .text(sets.state.set(record.set).map(line.what) ?? ""), .text(record.performed.localDay.iso),
                    .text(record.isNew(now: now) ? "NEW" : ""),
                ])
            }
            text += "\nRecords\n" + TableText.render(table, headers: ["Record", "Value", "Set", "Date", ""])
        }
        if !chart.rows.isEmpty {
            let what = exercise.kind.chartTitle(minReps: minReps)
            var table = Rows(columns: ["date", "value", "set"])
            for cells in chart.rows {
                table.append([cells[0], .text(cells[2].plain + " " + cells[3].plain), .text(String(cells[4].plain.prefix(8)))])
            }
            text += "\nChart: " + what + "\n" + TableText.render(table, headers: ["Date", "Value", "Set"])
        }
        if !recent.isEmpty {
            var table = Rows(columns: ["id", "date", "set", "prs"])
            for set in recent {
                table.append([.text(set.id.short), .text(set.performed.localDay.iso), .text(line.what(set)), .text(SetRows.prText(sets.prs(set)))])
            }
            text += "\nRecent sets\n" + TableText.render(table, headers: ["Set", "Date", "What", "PRs"])
        }
        return text
    }
}
