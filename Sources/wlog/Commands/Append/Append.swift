import ArgumentParser

/// `wlog append …`: every way of adding to the journal; each call is one atomic commit.
struct Append: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Add to the journal (each call is one atomic commit; refused input appends nothing).",
        subcommands: [
            AppendSet.self, AppendEdit.self, AppendDelete.self, AppendRest.self, AppendWorkout.self, AppendBodyweight.self,
            AppendGoal.self, AppendExercise.self, AppendExerciseUpdate.self, AppendProfile.self,
            AppendReadiness.self, AppendEquipment.self, AppendRoutine.self, AppendEvents.self, AppendFact.self,
        ]
    )
}
