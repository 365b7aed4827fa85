/// Exercises: name resolution, find-or-create, update and retirement.
extension Decider {
    /// The exercise a lifter's text names: an exact id, name or alias (retired ones included),
    /// else what `ExerciseLookup` resolves among exercises not retired (slug, unique prefix).
    /// Refused as unknown (with the closest names) or ambiguous (with the candidates).
    func exercise(named text: String, field: String) throws(Refusal) -> Exercise {
        if Exercise.exceedsTextLimit(text) { throw Exercise.overLimit(text, field: field) }
        let exact = state.exercises(named: text)
        if exact.count == 1 { return exact[0] }
        if exact.count > 1 { throw ambiguous(text, exact, field: field) }
        switch ExerciseLookup(exercises: state.exercises).resolve(text) {
        case .found(let exercise):
            return exercise
        case .ambiguous(let candidates):
            throw ambiguous(text, candidates, field: field)
        case .notFound(let suggestions):
            let names = suggestions.map(\.name)
            let hint = names.isEmpty ? "" : "did you mean " + names.joined(separator: ", ") + "? "
            throw Refusal(field: field, value: quoted(text), problem: "is unknown",
                          allowed: hint + "Create it with `wlog append exercise` or add --create", suggestions: names)
        }
    }

    private func ambiguous(_ text: String, _ candidates: [Exercise], field: String) -> Refusal {
        let shown = candidates.prefix(8)
        return Refusal(field: field, value: quoted(text), problem: "is ambiguous",
                       allowed: "it could be " + shown.map { $0.name + " (" + $0.id + ")" }.joined(separator: ", "),
                       suggestions: shown.map(\.id))
    }

    /// Find-or-create: the exercise with this name (or alias) and primary group, or a new one.
    ///
    /// A retired match is revived by re-creating it. A new exercise's id is the slug of its
    /// name; when that id is taken (same name, another group), the group's slug is appended,
    /// then a counter.
    func createExercise(_ new: NewExercise) throws(Refusal) -> (exercise: Exercise, events: [Event]) {
        let name = String(new.name.trimmingASCIISpaces())
        guard !name.isEmpty else {
            throw Refusal(field: "exercise.name", value: "\"\"", allowed: "give the exercise a name")
        }
        if Exercise.exceedsTextLimit(name) { throw Exercise.overLimit(name, field: "exercise.name") }
        if let long = new.aliases.first(where: Exercise.exceedsTextLimit) { throw Exercise.overLimit(long, field: "exercise.aliases") }
        let prReps = try prReps(new.prReps, field: "exercise.pr-reps")
        let attachment = try attachment(new.attachment, equipment: new.equipment)
        if let existing = state.exercise(named: name, group: new.group) {
            guard state.isRetired(existing.id) else { return (existing, []) }
            return (existing, [context.event(.exerciseCreated(existing))])
        }
        var id = Exercise.slug(name)
        if state.exercise(id) != nil { id += "-" + Exercise.slug(new.group.rawValue) }
        let base = id
        var counter = 2
        while state.exercise(id) != nil {
            id = base + "-" + String(counter)
            counter += 1
        }
        let exercise = Exercise(
            id: id, name: name, kind: new.kind ?? (new.group == .cardio ? .cardio : .strength), group: new.group,
            muscles: new.muscles, secondary: new.secondary, equipment: new.equipment,
            pattern: new.pattern ?? NewExercise.defaultPattern(for: new.group), prReps: prReps ?? 3,
            pinnedNote: new.pinnedNote, attachment: attachment, isCustom: true, aliases: new.aliases)
        return (exercise, [context.event(.exerciseCreated(exercise))])
    }

    func updateExercise(_ update: ExerciseUpdated) throws(Refusal) -> [Event] {
        let exercise = try exercise(named: update.exercise, field: "exercise")
        var change = update
        change.exercise = exercise.id
        guard change != ExerciseUpdated(exercise: exercise.id) else {
            throw Refusal(field: "exercise-update", value: "none", allowed: "give at least one field to change")
        }
        _ = try prReps(update.prReps, field: "exercise.pr-reps")
        if let text = update.attachment, !text.isEmpty {
            change.attachment = try attachment(text, equipment: update.equipment ?? exercise.equipment)
        }
        if let name = update.name {
            let trimmed = String(name.trimmingASCIISpaces())
            guard !trimmed.isEmpty else {
                throw Refusal(field: "exercise.name", value: "\"\"", allowed: "give the exercise a name")
            }
            let group = update.group ?? exercise.group
            if let other = state.exercise(named: trimmed, group: group), other.id != exercise.id {
                throw Refusal(field: "exercise.name", value: quoted(trimmed),
                              allowed: "another " + group.rawValue + " exercise (" + other.id + ") has that name")
            }
            change.name = trimmed
        }
        return [context.event(.exerciseUpdated(change))]
    }

    /// Seed 001's cable attachment: only a cable exercise has one; trimmed, 1 to 60 characters.
    func attachment(_ text: String?, equipment: Equipment) throws(Refusal) -> String? {
        guard let text else { return nil }
        let trimmed = String(text.trimmingASCIISpaces())
        guard equipment == .cable else {
            throw Refusal(field: "exercise.attachment", value: quoted(trimmed),
                          allowed: "an attachment is for cable exercises and this one uses \(equipment.rawValue); set --equipment cable with it")
        }
        guard (1...60).contains(trimmed.count) else {
            throw Refusal(field: "exercise.attachment", value: quoted(trimmed),
                          allowed: "name the attachment in 1 to 60 characters, e.g. rope, straight bar, V-bar, single handle")
        }
        return trimmed
    }

    func retireExercise(_ text: String) throws(Refusal) -> [Event] {
        let exercise = try exercise(named: text, field: "exercise")
        guard !state.isRetired(exercise.id) else {
            throw Refusal(field: "exercise", value: exercise.id, problem: "is already retired",
                          allowed: "create it again to bring it back")
        }
        return [context.event(.exerciseRetired(ExerciseRetired(exercise: exercise.id)))]
    }

    func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
