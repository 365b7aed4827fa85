import ArgumentParser
import WlogCore

/// `wlog show ID`: one workout or one set in full.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "One workout or one set in full.",
        discussion: """
            ID is a set id or a workout (session) id — 4 or more hex digits, as wlog prints them — or \
            day:YYYY-MM-DD for the workout of sets logged without a session that day, or YYYY-MM-DD when \
            that day has exactly one workout. \
            A set shows every field, its workout, the records it made and how many versions it has \
            (deleted sets too; see wlog audit ID). A workout shows its summary and every set. \
            --format csv|jsonl: a set as one row (the export columns of sets plus effort, done, status, \
            versions, seq, actor, recorded_at); a workout as its sets' rows. --format json: one object \
            (a workout's object holds the fields of export workouts, its notes, and its sets under "set_rows").
            """)

    @Argument(help: "A set or workout id (prefix of 4+ hex digits), day:YYYY-MM-DD, or YYYY-MM-DD.") var id: String

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let state = loaded.state
        let query = loaded.query
        let sets = SetRows(state: state, unit: loaded.unit)
        if let day = LocalDay(iso: id), !id.lowercased().hasPrefix("day:") {
            let onDay = state.workoutSummaries(context: query).filter { $0.day == day }
            guard onDay.count == 1 else {
                throw WlogError.refused(onDay.isEmpty
                    ? "there is no workout on \(id) — see wlog history for the workouts"
                    : "\(onDay.count) workouts on \(id): " + onDay.reversed().map(WorkoutRows.id).joined(separator: ", ") + " — show one of them")
            }
            return try showWorkout(onDay[0], sets: sets, context: context, loaded: loaded)
        }
        switch try EntityRef.resolve(id, in: state, bodyweight: false) {
        case .set(let setID):
            guard let set = state.set(setID) else { throw WlogError.refused("set \(id) is unknown") }
            try showSet(set, sets: sets, context: context, loaded: loaded, query: query)
        case .workout(let workoutID):
            try showWorkout(try WorkoutFinder.summary(.explicit(workoutID), in: state, query: query, shownAs: id),
                            sets: sets, context: context, loaded: loaded)
        case .day(let day):
            try showWorkout(try WorkoutFinder.summary(.implicit(day), in: state, query: query, shownAs: id),
                            sets: sets, context: context, loaded: loaded)
        case .bodyweight:
            throw WlogError.refused("\(id) is a body-weight entry — see wlog bodyweight")
        }
    }

    func showSet(_ set: LoggedSet, sets: SetRows, context: Context, loaded: JournalSession.Loaded, query: QueryContext) throws {
        let row = sets.fullRow(set, zone: loaded.zone)
        guard context.format == .table else {
            Printer.write(ReadOutput.single(row, format: context.format))
            return
        }
        let state = loaded.state
        let unit = loaded.unit
        let exercise = state.exercise(set.exercise)
        let versions = state.versions(of: set.id)
        var workoutText = SetRows.workoutID(set)
        if set.isLive, let summary = state.workoutSummaries(context: query).first(where: { $0.key == WorkoutKey(of: set) }) {
            workoutText += "  " + summary.day.iso + " " + (summary.name.map { $0 + " · " } ?? "") + summary.label
                + " · \(summary.setCount) set" + (summary.setCount == 1 ? "" : "s")
        }
        let status = set.isDeleted ? "deleted" : set.isDiscarded ? "in a discarded workout" : set.done ? "done" : "not done"
        let first = versions.first, last = versions.last
        var pairs: [(String, String)] = [
            ("set", set.id.hex),
            ("exercise", (exercise?.name ?? set.exercise) + " (" + set.exercise + (exercise.map { ", " + $0.group.rawValue } ?? "") + ")"),
            ("what", sets.line.what(set)),
            ("performed", set.performed.iso8601WithOffset),
            ("workout", workoutText),
            ("set number", sets.number(set).map(String.init) ?? ""),
            ("type", set.setType.rawValue),
            ("status", status),
            ("effort", set.effort.map { "\($0.value)/5" } ?? ""),
            ("volume", MassCellText.text(sets.volume(set), unit: unit)),
            ("e1RM", MassCellText.text(sets.line.e1rm(set), unit: unit)),
            ("PRs", sets.prs(set).map(\.name).joined(separator: ", ")),
            ("notes", set.notes ?? ""),
        ]
        if let first {
            pairs.append(("logged", first.recorded.zoned(loaded.zone).shortLocalText + " by " + first.actor + " (seq \(first.seq))"))
        }
        if let last, versions.count > 1 {
            pairs.append(("changed", last.recorded.zoned(loaded.zone).shortLocalText + " by " + last.actor + " (seq \(last.seq))"))
        }
        pairs.append(("versions", "\(versions.count)" + (versions.count > 1 ? " — see wlog audit " + set.id.short : "")))
        Printer.write(FieldsText.render(pairs))
    }

    func showWorkout(_ summary: WorkoutSummary, sets: SetRows, context: Context, loaded: JournalSession.Loaded) throws {
        let workoutSets = summary.exercises.flatMap(\.sets)
        let setRows = sets.rows(workoutSets)
        switch context.format {
        case .csv, .jsonl:
            Printer.write(ReadOutput.render(setRows, format: context.format))
        case .json:
            let fields = ReadOutput.fields(WorkoutRows.rows([summary], unit: loaded.unit, state: loaded.state))
                + [("notes", summary.notes.isEmpty ? "null" : JSONText.quoted(summary.notes.joined(separator: "\n"))),
                   ("set_rows", ReadOutput.array(setRows, multiline: true))]
            Printer.write(ReadOutput.object(fields) + "\n")
        case .table:
            var text = WorkoutRows.text(summary, state: loaded.state, unit: loaded.unit) + "\n"
            var facts: [(String, String)] = []
            if let started = summary.started { facts.append(("started", started.iso8601WithOffset)) }
            if let finished = summary.finished, summary.id != nil { facts.append(("finished", finished.iso8601WithOffset)) }
            for note in summary.notes { facts.append(("notes", note)) }
            text += "\n" + FieldsText.render(facts)
            var table = Rows(columns: ["id", "exercise", "n", "set", "e1rm", "prs"])
            for exercise in summary.exercises {
                for (index, set) in exercise.sets.enumerated() {
                    table.append([
                        .text(set.id.short), .text(index == 0 ? exercise.exercise.name : ""), .optional(sets.number(set)),
                        .text(sets.line.what(set)), .text(MassCellText.text(sets.line.e1rm(set), unit: loaded.unit)),
                        .text(SetRows.prText(sets.prs(set))),
                    ])
                }
            }
            if !table.rows.isEmpty {
                text += "\n" + TableText.render(table, headers: ["Set", "Exercise", "#", "What", "e1RM", "PRs"])
            }
            Printer.write(text)
        }
    }
}
