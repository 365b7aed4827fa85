/// The catalogue of event types: the one file that lists them all.
///
/// Adding a type: its case in `EventType` and `EventPayload`, and one line in each switch below
/// (its payload's type, description, writer and reader). Everything else about the type lives
/// beside its payload (`EventDescription`: snapshot code, records rule, fold, keys; a
/// `DescribedPayload`'s members), and whatever reads the catalogue asks these switches
/// (docs/ARCHITECTURE.md, "Add an event type").

/// The stable type strings of the event catalogue.
public enum EventType: String, Sendable, Hashable, CaseIterable, Codable {
    case profileUpdated = "profile.updated"
    case settingsChanged = "settings.changed"
    case exerciseCreated = "exercise.created"
    case exerciseUpdated = "exercise.updated"
    case exerciseRetired = "exercise.retired"
    case equipmentAdded = "equipment.added"
    case equipmentUpdated = "equipment.updated"
    case equipmentRemoved = "equipment.removed"
    case routineCreated = "routine.created"
    case routineUpdated = "routine.updated"
    case routineRetired = "routine.retired"
    case workoutStarted = "workout.started"
    case workoutExerciseAdded = "workout.exercise.added"
    case workoutExerciseRemoved = "workout.exercise.removed"
    case workoutExercisesReordered = "workout.exercises.reordered"
    case setLogged = "set.logged"
    case setEdited = "set.edited"
    case setDeleted = "set.deleted"
    case setRested = "set.rested"
    case workoutFinished = "workout.finished"
    case workoutDiscarded = "workout.discarded"
    case workoutUpdated = "workout.updated"
    case bodyweightRecorded = "bodyweight.recorded"
    case bodyweightEdited = "bodyweight.edited"
    case bodyweightDeleted = "bodyweight.deleted"
    case goalSet = "goal.set"
    case readinessRecorded = "readiness.recorded"
    case sorenessRecorded = "soreness.recorded"
    case painReported = "pain.reported"
}

/// The payload of an event, one case per type of the catalogue.
public enum EventPayload: Sendable, Hashable {
    case profileUpdated(ProfileUpdated)
    case settingsChanged(SettingsChanged)
    case exerciseCreated(Exercise)
    case exerciseUpdated(ExerciseUpdated)
    case exerciseRetired(ExerciseRetired)
    case equipmentAdded(EquipmentItem)
    case equipmentUpdated(EquipmentItem)
    case equipmentRemoved(EquipmentRemoved)
    case routineCreated(Routine)
    case routineUpdated(Routine)
    case routineRetired(RoutineRetired)
    case workoutStarted(WorkoutStarted)
    case workoutExerciseAdded(WorkoutExerciseAdded)
    case workoutExerciseRemoved(WorkoutExerciseRemoved)
    case workoutExercisesReordered(WorkoutExercisesReordered)
    case setLogged(SetLogged)
    case setEdited(SetEdited)
    case setDeleted(SetDeleted)
    case setRested(SetRested)
    case workoutFinished(WorkoutFinished)
    case workoutDiscarded(WorkoutDiscarded)
    case workoutUpdated(WorkoutUpdated)
    case bodyweightRecorded(BodyweightRecorded)
    case bodyweightEdited(BodyweightEdited)
    case bodyweightDeleted(BodyweightDeleted)
    case goalSet(GoalSet)
    case readinessRecorded(ReadinessRecorded)
    case sorenessRecorded(SorenessRecorded)
    case painReported(PainReported)

    /// The payload's value, for a reader that asks what it conforms to (the CLI's audit asks for
    /// `AuditedEvent`) instead of switching over every type.
    public var value: any Sendable {
        switch self {
        case .profileUpdated(let p): p
        case .settingsChanged(let p): p
        case .exerciseCreated(let p): p
        case .exerciseUpdated(let p): p
        case .exerciseRetired(let p): p
        case .equipmentAdded(let p): p
        case .equipmentUpdated(let p): p
        case .equipmentRemoved(let p): p
        case .routineCreated(let p): p
        case .routineUpdated(let p): p
        case .routineRetired(let p): p
        case .workoutStarted(let p): p
        case .workoutExerciseAdded(let p): p
        case .workoutExerciseRemoved(let p): p
        case .workoutExercisesReordered(let p): p
        case .setLogged(let p): p
        case .setEdited(let p): p
        case .setDeleted(let p): p
        case .setRested(let p): p
        case .workoutFinished(let p): p
        case .workoutDiscarded(let p): p
        case .workoutUpdated(let p): p
        case .bodyweightRecorded(let p): p
        case .bodyweightEdited(let p): p
        case .bodyweightDeleted(let p): p
        case .goalSet(let p): p
        case .readinessRecorded(let p): p
        case .sorenessRecorded(let p): p
        case .painReported(let p): p
        }
    }

    /// The stable type string of this payload.
    public var type: EventType {
        switch self {
        case .profileUpdated: return .profileUpdated
        case .settingsChanged: return .settingsChanged
        case .exerciseCreated: return .exerciseCreated
        case .exerciseUpdated: return .exerciseUpdated
        case .exerciseRetired: return .exerciseRetired
        case .equipmentAdded: return .equipmentAdded
        case .equipmentUpdated: return .equipmentUpdated
        case .equipmentRemoved: return .equipmentRemoved
        case .routineCreated: return .routineCreated
        case .routineUpdated: return .routineUpdated
        case .routineRetired: return .routineRetired
        case .workoutStarted: return .workoutStarted
        case .workoutExerciseAdded: return .workoutExerciseAdded
        case .workoutExerciseRemoved: return .workoutExerciseRemoved
        case .workoutExercisesReordered: return .workoutExercisesReordered
        case .setLogged: return .setLogged
        case .setEdited: return .setEdited
        case .setDeleted: return .setDeleted
        case .setRested: return .setRested
        case .workoutFinished: return .workoutFinished
        case .workoutDiscarded: return .workoutDiscarded
        case .workoutUpdated: return .workoutUpdated
        case .bodyweightRecorded: return .bodyweightRecorded
        case .bodyweightEdited: return .bodyweightEdited
        case .bodyweightDeleted: return .bodyweightDeleted
        case .goalSet: return .goalSet
        case .readinessRecorded: return .readinessRecorded
        case .sorenessRecorded: return .sorenessRecorded
        case .painReported: return .painReported
        }
    }
}

extension EventType {
    /// Everything fixed about the type (`EventDescription`).
    var described: EventDescription {
        switch self {
        case .profileUpdated: ProfileUpdated.described
        case .settingsChanged: SettingsChanged.described
        case .exerciseCreated: Exercise.describedCreated
        case .exerciseUpdated: ExerciseUpdated.described
        case .exerciseRetired: ExerciseRetired.described
        case .equipmentAdded: EquipmentItem.describedAdded
        case .equipmentUpdated: EquipmentItem.describedUpdated
        case .equipmentRemoved: EquipmentRemoved.described
        case .routineCreated: Routine.describedCreated
        case .routineUpdated: Routine.describedUpdated
        case .routineRetired: RoutineRetired.described
        case .workoutStarted: WorkoutStarted.described
        case .workoutExerciseAdded: WorkoutExerciseAdded.described
        case .workoutExerciseRemoved: WorkoutExerciseRemoved.described
        case .workoutExercisesReordered: WorkoutExercisesReordered.described
        case .setLogged: SetLogged.described
        case .setEdited: SetEdited.described
        case .setDeleted: SetDeleted.described
        case .setRested: SetRested.described
        case .workoutFinished: WorkoutFinished.described
        case .workoutDiscarded: WorkoutDiscarded.described
        case .workoutUpdated: WorkoutUpdated.described
        case .bodyweightRecorded: BodyweightRecorded.described
        case .bodyweightEdited: BodyweightEdited.described
        case .bodyweightDeleted: BodyweightDeleted.described
        case .goalSet: GoalSet.described
        case .readinessRecorded: ReadinessRecorded.described
        case .sorenessRecorded: SorenessRecorded.described
        case .painReported: PainReported.described
        }
    }
}

extension LineWriter {
    /// The payload's members in canonical order.
    mutating func payload(_ payload: EventPayload) {
        switch payload {
        case .profileUpdated(let p): self.payload(p)
        case .settingsChanged(let p): self.payload(p)
        case .exerciseCreated(let p): self.payload(p)
        case .exerciseUpdated(let p): self.payload(p)
        case .exerciseRetired(let p): self.payload(p)
        case .equipmentAdded(let p), .equipmentUpdated(let p): self.payload(p)
        case .equipmentRemoved(let p): self.payload(p)
        case .routineCreated(let p), .routineUpdated(let p): self.payload(p)
        case .routineRetired(let p): self.payload(p)
        case .workoutStarted(let p): self.payload(p)
        case .workoutExerciseAdded(let p): self.payload(p)
        case .workoutExerciseRemoved(let p): self.payload(p)
        case .workoutExercisesReordered(let p): self.payload(p)
        case .setLogged(let p): self.payload(p)
        case .setEdited(let p): self.payload(p)
        case .setDeleted(let p): self.payload(p)
        case .setRested(let p): self.payload(p)
        case .workoutFinished(let p): self.payload(p)
        case .workoutDiscarded(let p): self.payload(p)
        case .workoutUpdated(let p): self.payload(p)
        case .bodyweightRecorded(let p): self.payload(p)
        case .bodyweightEdited(let p): self.payload(p)
        case .bodyweightDeleted(let p): self.payload(p)
        case .goalSet(let p): self.payload(p)
        case .readinessRecorded(let p): self.payload(p)
        case .sorenessRecorded(let p): self.payload(p)
        case .painReported(let p): self.payload(p)
        }
    }
}

extension LineReader {
    /// Reads the payload of `type`, starting with member `first` (already at its value).
    mutating func payload(_ type: EventType, first: CodecKey?, env: inout EnvelopeFields,
                          memo: inout PlannedMemo) throws(Failure) -> EventPayload {
        switch type {
        case .setLogged: return .setLogged(try setLogged(first, &env))
        case .setEdited: return .setEdited(try setEdited(first, &env))
        case .setDeleted: return .setDeleted(try payload(SetDeleted.self, first: first, env: &env))
        case .setRested: return .setRested(try payload(SetRested.self, first: first, env: &env))
        case .workoutStarted: return .workoutStarted(try workoutStarted(first, &env, memo: &memo))
        case .workoutExerciseAdded: return .workoutExerciseAdded(try payload(WorkoutExerciseAdded.self, first: first, env: &env))
        case .workoutExerciseRemoved: return .workoutExerciseRemoved(try payload(WorkoutExerciseRemoved.self, first: first, env: &env))
        case .workoutExercisesReordered: return .workoutExercisesReordered(try payload(WorkoutExercisesReordered.self, first: first, env: &env))
        case .workoutFinished: return .workoutFinished(try payload(WorkoutFinished.self, first: first, env: &env))
        case .workoutDiscarded: return .workoutDiscarded(try payload(WorkoutDiscarded.self, first: first, env: &env))
        case .workoutUpdated: return .workoutUpdated(try payload(WorkoutUpdated.self, first: first, env: &env))
        case .bodyweightRecorded: return .bodyweightRecorded(try bodyweightRecorded(first, &env))
        case .bodyweightEdited: return .bodyweightEdited(try bodyweightEdited(first, &env))
        case .bodyweightDeleted: return .bodyweightDeleted(try payload(BodyweightDeleted.self, first: first, env: &env))
        case .goalSet: return .goalSet(try goalSet(first, &env))
        case .readinessRecorded: return .readinessRecorded(try payload(ReadinessRecorded.self, first: first, env: &env))
        case .sorenessRecorded: return .sorenessRecorded(try payload(SorenessRecorded.self, first: first, env: &env))
        case .painReported: return .painReported(try payload(PainReported.self, first: first, env: &env))
        case .profileUpdated: return .profileUpdated(try profileUpdated(first, &env))
        case .settingsChanged: return .settingsChanged(try payload(SettingsChanged.self, first: first, env: &env))
        case .exerciseCreated: return .exerciseCreated(try exerciseCreated(first, &env))
        case .exerciseUpdated: return .exerciseUpdated(try exerciseUpdated(first, &env))
        case .exerciseRetired: return .exerciseRetired(try payload(ExerciseRetired.self, first: first, env: &env))
        case .equipmentAdded: return .equipmentAdded(try equipmentItem(first, &env))
        case .equipmentUpdated: return .equipmentUpdated(try equipmentItem(first, &env))
        case .equipmentRemoved: return .equipmentRemoved(try payload(EquipmentRemoved.self, first: first, env: &env))
        case .routineCreated: return .routineCreated(try routine(first, &env))
        case .routineUpdated: return .routineUpdated(try routine(first, &env))
        case .routineRetired: return .routineRetired(try payload(RoutineRetired.self, first: first, env: &env))
        }
    }
}
