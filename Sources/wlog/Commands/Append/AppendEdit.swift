import ArgumentParser
import WlogCore

/// `wlog append edit SET_ID …`: corrects a set (the old version stays in the audit).
struct AppendEdit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Correct a set: wlog append edit 3f9a21c0 --reps 6")

    @Argument(help: "The set's id (4 or more hex digits).")
    var setID: String

    @OptionGroup var fields: SetFieldOptions

    @Flag(inversion: .prefixedNo, help: "Mark the set done or not done.")
    var done: Bool?

    @Flag(help: "Mark the set not done (same as --no-done).")
    var notDone = false

    @Option(help: "Move the set to another exercise.")
    var exercise: String?

    @OptionGroup var guards: AppendGuards

    func run() throws {
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append(guards) { loaded in
            let id = try EventIDText.resolve(setID, in: loaded.state.setIDs, what: "set")
            var edit = EditSet(set: id)
            edit.weight = try fields.mass(defaultUnit: loaded.unit)
            edit.reps = fields.reps
            edit.rpe = fields.rpeValue
            edit.effort = fields.effort
            edit.setType = fields.type
            edit.notes = fields.notes
            edit.exercise = exercise
            edit.done = notDone ? false : done
            edit.at = try loaded.at(fields.at)
            return .editSet(edit)
        }
        for event in outcome.appended {
            guard case .setEdited(let edit) = event.payload, let set = outcome.state.set(edit.set) else { continue }
            let records = outcome.state.personalRecords(ofExercise: set.exercise)
            print(SetLine(state: outcome.state, unit: outcome.unit).announce(set, records: records))
        }
    }
}

/// `wlog append delete SET_ID`: removes a set from every projection (kept in the audit).
struct AppendDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a set (it stays in the audit).")

    @Argument(help: "The set's id (4 or more hex digits).")
    var setID: String

    @Option(help: "Why.")
    var reason: String?

    @OptionGroup var retry: RetryID

    func run() throws {
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { loaded in
            .deleteSet(id: try EventIDText.resolve(setID, in: loaded.state.setIDs, what: "set"), reason: reason)
        }
        for event in outcome.appended { print(event.id.short + "  deleted set") }
    }
}
