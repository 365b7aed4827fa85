import ArgumentParser
import WlogCore

/// `wlog append exercise NAME --group G …`: a custom exercise (find-or-create).
struct AppendExercise: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise",
        abstract: "Create a custom exercise; the same name and group again links to it, never duplicates.")

    @Argument(help: "The exercise's name.") var name: String
    @Option(help: "Primary muscle group.") var group: MuscleGroup
    @Option(help: "How it is measured (default strength; cardio for the Cardio group).") var kind: ExerciseKind?
    @Option(help: "Equipment.") var equipment: Equipment?
    @Option(help: "Secondary groups, comma-separated (count 0.5 each in volume).") var secondary: String?
    @Option(help: "Movement pattern.") var pattern: MovementPattern?
    @Option(help: "The rep max tracked as its PR (1–50; default 3).") var prReps: Int?
    @Option(help: "A note pinned to the exercise.") var pinnedNote: String?
    @Option(help: "The muscles it trains, comma-separated: quads, hamstrings, glutes, lats, front-delts … (wlog balance --muscles).") var muscles: String?
    @Option(help: "The cable attachment it uses (cable exercises): rope, straight bar, V-bar, single handle …") var attachment: String?

    func run() throws {
        let context = try Context.resolve()
        var new = try ExerciseOptions.newExercise(
            name: name, group: group, kind: kind, equipment: equipment, secondary: secondary, pattern: pattern,
            prReps: prReps, pinnedNote: pinnedNote)
        if let muscles { new.muscles = try ExerciseOptions.muscles(muscles) }
        new.attachment = attachment
        let outcome = try JournalSession(context: context).append { _ in .createExercise(new) }
        for event in outcome.appended {
            if case .exerciseCreated(let exercise) = event.payload { print(exercise.id + "  created " + exercise.name) }
        }
        if outcome.appended.isEmpty, let existing = outcome.state.exercise(named: name, group: new.group) {
            print(existing.id + "  already exists: " + existing.name)
        }
    }
}

/// `wlog append exercise-update EXERCISE …`: rename, pinned note, PR reps, muscles, kind, pattern.
struct AppendExerciseUpdate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise-update",
        abstract: "Change an exercise's name, note, PR reps, muscles, kind or pattern (e.g. an imported exercise's guess).")

    @Argument(help: "The exercise (name, id, alias or prefix).") var exercise: String
    @Option(help: "New name.") var name: String?
    @Option(help: "Pinned note (\"\" clears it).") var pinnedNote: String?
    @Option(help: "The rep max tracked as its PR (1–50).") var prReps: Int?
    @Option(help: "Primary muscle group.") var group: MuscleGroup?
    @Option(help: "Secondary groups, comma-separated.") var secondary: String?
    @Option(help: "Equipment.") var equipment: Equipment?
    @Option(help: "How it is measured.") var kind: ExerciseKind?
    @Option(help: "Movement pattern.") var pattern: MovementPattern?
    @Option(help: "The muscles it trains, comma-separated (quads, hamstrings, lats …).") var muscles: String?
    @Option(help: "The cable attachment (\"\" clears it).") var attachment: String?

    func run() throws {
        let context = try Context.resolve()
        let parsedMuscles = try muscles.map(ExerciseOptions.muscles)
        let outcome = try JournalSession(context: context).append { loaded in
            let target = try ExerciseOptions.resolve(exercise, in: loaded.state)
            return .updateExercise(ExerciseUpdated(
                exercise: target.id, name: name, kind: kind, group: group,
                muscles: parsedMuscles, secondary: try secondary.map(ExerciseOptions.groups),
                equipment: equipment, pattern: pattern, prReps: prReps, pinnedNote: pinnedNote, attachment: attachment))
        }
        for event in outcome.appended {
            if case .exerciseUpdated(let update) = event.payload { print(update.exercise + "  updated") }
        }
    }
}

/// Parsing of exercise options and names, shared by the exercise commands.
enum ExerciseOptions {
    static func group(_ text: String) throws -> MuscleGroup {
        guard let group = MuscleGroup(parsing: text) else {
            throw WlogError.usage("group '\(text)' is unknown; use one of " + MuscleGroup.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return group
    }

    /// `--group` of the read commands: a group or a fine muscle; unknown names are refused, listing both.
    static func muscleFilter(_ text: String) throws -> MuscleFilter {
        guard let filter = MuscleFilter(parsing: text) else {
            throw WlogError.usage("--group '\(text)' is neither a muscle group nor a muscle; use " + MuscleFilter.names)
        }
        return filter
    }

    /// `--muscles`: fine muscles, comma-separated, each as `--group` reads one.
    static func muscles(_ text: String) throws -> [Muscle] {
        try text.split(separator: ",").map { part in
            guard case .muscle(let muscle)? = MuscleFilter(parsing: part) else {
                throw WlogError.usage("--muscles '\(part)' is not a muscle; use " + Muscle.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return muscle
        }
    }

    static func groups(_ text: String) throws -> [MuscleGroup] {
        try text.split(separator: ",").map { try group(String($0)) }
    }

    static func newExercise(name: String, group: MuscleGroup, kind: ExerciseKind?, equipment: Equipment?, secondary: String?,
                            pattern: MovementPattern?, prReps: Int?, pinnedNote: String?) throws -> NewExercise {
        var new = NewExercise(name: name, group: group)
        if let kind { new.kind = kind }
        if let equipment { new.equipment = equipment }
        if let secondary { new.secondary = try groups(secondary) }
        if let pattern { new.pattern = pattern }
        new.prReps = prReps
        new.pinnedNote = pinnedNote
        return new
    }

    /// Resolves an exercise the way `append set` does: id, name, alias or unique prefix.
    static func resolve(_ text: String, in state: WlogState) throws -> Exercise {
        switch ExerciseLookup(exercises: state.exercises).resolve(text) {
        case .found(let exercise): return exercise
        case .ambiguous(let candidates):
            throw WlogError.refused("exercise '\(text)' is ambiguous — it matches " + candidates.prefix(8).map(\.name).joined(separator: ", ") + "; type more of the name")
        case .notFound(let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean: " + suggestions.map(\.name).joined(separator: ", ") + "?"
            throw WlogError.refused("exercise '\(text)' is unknown — see wlog exercises, or create it with wlog append exercise" + hint)
        }
    }
}
