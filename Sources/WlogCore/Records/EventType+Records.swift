extension EventType {
    /// Whether an event of this type may change the records of any exercise, not only those of a
    /// set it names: `apply` then drops every cached entry (`RecordsCache`). A discarded workout
    /// takes its sets out; a profile change moves body-weight e1RMs; settings change the formula
    /// and rep targets; an exercise created, updated or retired can change a kind, a name's owner
    /// or what is listed. Set events drop only their exercises' entries (`WlogState+Sets.swift`).
    var changesAnyRecord: Bool {
        switch self {
        case .workoutDiscarded, .profileUpdated, .settingsChanged, .exerciseCreated, .exerciseUpdated, .exerciseRetired:
            return true
        case .setLogged, .setEdited, .setDeleted, .workoutStarted, .workoutExerciseAdded, .workoutExerciseRemoved,
             .workoutExercisesReordered, .workoutFinished, .bodyweightRecorded, .bodyweightEdited, .bodyweightDeleted, .goalSet,
             .readinessRecorded, .equipmentAdded, .equipmentUpdated, .equipmentRemoved, .routineCreated, .routineUpdated,
             .routineRetired:
            return false
        }
    }
}
