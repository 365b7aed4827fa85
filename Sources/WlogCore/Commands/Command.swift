/// Everything a lifter (or an importer) can ask the journal to record.
///
/// Commands carry what the lifter typed — exercise names rather than ids, RPE and ratings as raw
/// numbers — so that `decide` can refuse bad input naming the field. `decide` turns a command
/// into the events of one atomic commit.
public enum Command: Sendable, Hashable {
    /// Log one set, or `count` identical sets (`225lbx5x3`).
    case logSets(LogSets)
    /// Correct a set.
    case editSet(EditSet)
    /// Remove a set from every projection (it stays in the audit).
    case deleteSet(id: EventID, reason: String?)

    case startWorkout(StartWorkout)
    /// Finish a session; `workout` nil = the one in progress.
    case finishWorkout(FinishWorkout)
    case discardWorkout(EventID)
    case addWorkoutExercise(workout: EventID, exercise: String, position: Int?, notes: String?)
    case removeWorkoutExercise(workout: EventID, exercise: String)
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
