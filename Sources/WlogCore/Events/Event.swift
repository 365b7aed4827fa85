/// One fact in the journal: an envelope and a typed payload.
///
/// Events are never rewritten or removed; corrections are new events. The canonical line codec
/// (`EventCodec`) turns an event into exactly one line of JSON and back.
public struct Event: Sendable, Hashable {
    /// Sequence, id, schema version, times and actor.
    public var envelope: Envelope
    /// What happened.
    public var payload: EventPayload

    /// Makes an event.
    public init(envelope: Envelope, payload: EventPayload) {
        self.envelope = envelope
        self.payload = payload
    }

    /// The stable type string, e.g. `set.logged`.
    public var type: EventType { payload.type }
    /// Shorthand for `envelope.id`.
    public var id: EventID { envelope.id }
    /// Shorthand for `envelope.seq`.
    public var seq: UInt64 { envelope.seq }
}

/// The envelope every event carries.
public struct Envelope: Sendable, Hashable {
    /// Global sequence number: 1, 2, 3 … without gaps; 0 while not yet appended.
    public var seq: UInt64
    /// The event's 128-bit id; appending an id already in the journal is a no-op.
    public var id: EventID
    /// Payload schema version (the newest is `EventCodec.currentVersion`).
    public var version: Int
    /// When it happened, with the UTC offset in force there (a set logged afterwards is earlier).
    public var occurred: ZonedInstant
    /// When it was appended.
    public var recorded: Instant
    /// Who appended it: `user`, `import:strong`, a device name.
    public var actor: String

    /// Makes an envelope.
    public init(seq: UInt64 = 0, id: EventID, version: Int = 1, occurred: ZonedInstant, recorded: Instant, actor: String = "user") {
        self.seq = seq
        self.id = id
        self.version = version
        self.occurred = occurred
        self.recorded = recorded
        self.actor = actor
    }
}

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
    case workoutFinished = "workout.finished"
    case workoutDiscarded = "workout.discarded"
    case bodyweightRecorded = "bodyweight.recorded"
    case bodyweightEdited = "bodyweight.edited"
    case bodyweightDeleted = "bodyweight.deleted"
    case goalSet = "goal.set"
    case readinessRecorded = "readiness.recorded"
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
    case workoutFinished(WorkoutFinished)
    case workoutDiscarded(WorkoutDiscarded)
    case bodyweightRecorded(BodyweightRecorded)
    case bodyweightEdited(BodyweightEdited)
    case bodyweightDeleted(BodyweightDeleted)
    case goalSet(GoalSet)
    case readinessRecorded(ReadinessRecorded)

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
        case .workoutFinished: return .workoutFinished
        case .workoutDiscarded: return .workoutDiscarded
        case .bodyweightRecorded: return .bodyweightRecorded
        case .bodyweightEdited: return .bodyweightEdited
        case .bodyweightDeleted: return .bodyweightDeleted
        case .goalSet: return .goalSet
        case .readinessRecorded: return .readinessRecorded
        }
    }
}
