import ArgumentParser
import WlogCore

/// `wlog append set EXERCISE [SPEC…]`: logs one set, or `xSETS` identical sets.
struct AppendSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Log a set: wlog append set \"bench press\" 100kgx5 @8",
        discussion: """
            SPEC: WEIGHT[kg|lb]xREPS[xSETS] (100x5, 102.5kgx5, 225lbx5x3), BW, BWxREPS, BW+MASSxREPS, xREPS, \
            @RPE, DISTANCE DURATION for cardio (5km 25:00), DURATION for timed sets (60s). A weight without a \
            unit is in the journal's unit. `m` after a number means metres; write minutes as 25:00 or 25min.
            """)

    @Argument(help: "The exercise: name, id or alias, any case; a unique prefix is enough.")
    var exercise: String

    @Argument(help: "What you did, e.g. 100x5 @8.")
    var spec: [String] = []

    @OptionGroup var fields: SetFieldOptions

    @Option(help: "How many identical sets (same as xSETS).")
    var sets: Int?

    @Option(help: "The workout (session) id or prefix; default: the session in progress, else the day's implicit workout.")
    var workout: String?

    @Flag(help: "The set was planned but not done.")
    var notDone = false

    @Flag(help: "Create the exercise if it is unknown (with --group).")
    var create = false

    @Option(help: "The muscle group of an exercise made with --create.")
    var group: MuscleGroup?

    @OptionGroup var guards: AppendGuards

    /// `--create` makes the exercise in a group: it needs `--group`.
    func validate() throws {
        if create, group == nil {
            throw ValidationError("--create needs --group: one of " + MuscleGroup.allValueStrings.joined(separator: ", "))
        }
    }

    func run() throws {
        let context = try Context.resolve()
        let session = JournalSession(context: context)
        let outcome = try session.append(guards) { loaded in
            var parsed: SetSpec
            do {
                parsed = try SetSpec(tokens: spec, defaultUnit: loaded.unit)
            } catch let error as SetSpecError {
                throw WlogError.usage(error.description)
            }
            var command = try fields.logSets(exercise: exercise, spec: parsed, loaded: loaded)
            if let sets { command.count = sets }
            command.done = !notDone
            if let workout { command.workout = try EventIDText.resolve(workout, in: loaded.state.workoutIDs, what: "workout") }
            if create, let group { command.create = NewExercise(name: exercise, group: group) }
            return .logSets(command)
        }
        if outcome.appended.isEmpty && !outcome.duplicates.isEmpty {
            let count = outcome.duplicates.count
            printError("wlog: duplicate: " + (count == 1 ? "event" : "the \(count) events of") + " \(outcome.duplicates[0].id.short)"
                       + " \(count == 1 ? "is" : "are") already in the journal; nothing appended")
            return
        }
        let line = SetLine(state: outcome.state, unit: outcome.unit)
        var records: [String: PersonalRecords] = [:]
        for event in outcome.appended {
            guard case .setLogged = event.payload, let set = outcome.state.set(event.id) else { continue }
            if records[set.exercise] == nil { records[set.exercise] = outcome.state.personalRecords(ofExercise: set.exercise) }
            print(line.announce(set, records: records[set.exercise]))
        }
    }
}
