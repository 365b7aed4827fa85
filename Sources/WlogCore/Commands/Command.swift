/// Everything a lifter (or an importer) can ask the journal to record: the catalogue of commands.
///
/// Adding a command: a fact recorded as stated is a `RecordedFact` (its rule in the `Decider+`
/// file of its concept) sent as `.record`; any other command has its case here and its line in
/// `Decider.decide(_:)` below, its rule in the `Decider+` file of its concept. Commands carry
/// what the lifter typed — exercise names rather than ids, RPE and ratings as raw numbers — so
/// that `decide` can refuse bad input naming the field. `decide` turns a command into the events
/// of one atomic commit.
public enum Command: Sendable {
    /// Log one set, or `count` identical sets (`225lbx5x3`).
    case logSets(LogSets)
    /// Correct a set.
    case editSet(EditSet)
    /// Remove a set from every projection (it stays in the audit).
    case deleteSet(id: EventID, reason: String?)
    /// Record one fact as stated (`set.rested`, …): appended when its rule allows it.
    case record(any RecordedFact)

    case startWorkout(StartWorkout)
    /// Finish a session; `workout` nil = the one in progress.
    case finishWorkout(FinishWorkout)
    case discardWorkout(EventID)
    case addWorkoutExercise(workout: EventID, exercise: String, position: Int?, notes: String?)
    /// Remove an exercise's entry from a session: `entry` (a further entry's id), else its first.
    case removeWorkoutExercise(workout: EventID, exercise: String, entry: EventID? = nil)
    case reorderWorkoutExercises(workout: EventID, exercises: [String])

    case recordBodyweight(weight: Mass, at: ZonedInstant?, notes: String?)
    case editBodyweight(BodyweightEdited)
    case deleteBodyweight(EventID)
    /// Set the body-weight goal; nil clears it.
    case setGoal(Mass?)

    /// Find-or-create a custom exercise.
    case createExercise(NewExercise)
    /// Change an exercise; `exercise` is a name, id or alias.
    case updateExercise(ExerciseUpdated)
    case retireExercise(String)

    case updateProfile(ProfileUpdated)
    case changeSettings(SettingsChanged)
    case recordReadiness(RecordReadiness)

    case addEquipment(EquipmentItem)
    case updateEquipment(EquipmentItem)
    case removeEquipment(String)

    case createRoutine(Routine)
    case updateRoutine(Routine)
    case retireRoutine(String)
}

extension Decider {
    /// The events `command` decides: each case hands its command to its rule.
    func decide(_ command: Command) throws(Refusal) -> [Event] {
        switch command {
        case .logSets(let c): return try logSets(c)
        case .editSet(let c): return try editSet(c)
        case .deleteSet(let id, let reason): return try deleteSet(id, reason: reason)
        case .record(let fact):
            try fact.check(in: state, context: context)
            return [context.event(fact.payload)]
        case .startWorkout(let c): return try startWorkout(c)
        case .finishWorkout(let c): return try finishWorkout(c)
        case .discardWorkout(let id): return try discardWorkout(id)
        case .addWorkoutExercise(let workout, let exercise, let position, let notes):
            return try addWorkoutExercise(workout, exercise: exercise, position: position, notes: notes)
        case .removeWorkoutExercise(let workout, let exercise, let entry):
            return try removeWorkoutExercise(workout, exercise: exercise, entry: entry)
        case .reorderWorkoutExercises(let workout, let exercises):
            return try reorderWorkoutExercises(workout, exercises: exercises)
        case .recordBodyweight(let weight, let at, let notes): return try recordBodyweight(weight, at: at, notes: notes)
        case .editBodyweight(let c): return try editBodyweight(c)
        case .deleteBodyweight(let id): return try deleteBodyweight(id)
        case .setGoal(let weight): return try setGoal(weight)
        case .createExercise(let c): return try createExercise(c).events
        case .updateExercise(let c): return try updateExercise(c)
        case .retireExercise(let name): return try retireExercise(name)
        case .updateProfile(let c): return try updateProfile(c)
        case .changeSettings(let c): return try changeSettings(c)
        case .recordReadiness(let c): return try recordReadiness(c)
        case .addEquipment(let item): return try equipment(item, isNew: true)
        case .updateEquipment(let item): return try equipment(item, isNew: false)
        case .removeEquipment(let id): return try removeEquipment(id)
        case .createRoutine(let r): return try routine(r, isNew: true)
        case .updateRoutine(let r): return try routine(r, isNew: false)
        case .retireRoutine(let id): return try retireRoutine(id)
        }
    }
}
