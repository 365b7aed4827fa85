extension EventType {
    /// The type's one-byte code in a snapshot. Fixed for ever: a new type takes the next free
    /// number and a code is never reused, so adding a case anywhere in `EventType` renumbers
    /// nothing an older snapshot holds (the codes were the cases' positions when they were fixed).
    var snapshotCode: UInt8 {
        switch self {
        case .profileUpdated: 0
        case .settingsChanged: 1
        case .exerciseCreated: 2
        case .exerciseUpdated: 3
        case .exerciseRetired: 4
        case .equipmentAdded: 5
        case .equipmentUpdated: 6
        case .equipmentRemoved: 7
        case .routineCreated: 8
        case .routineUpdated: 9
        case .routineRetired: 10
        case .workoutStarted: 11
        case .workoutExerciseAdded: 12
        case .workoutExerciseRemoved: 13
        case .workoutExercisesReordered: 14
        case .setLogged: 15
        case .setEdited: 16
        case .setDeleted: 17
        case .workoutFinished: 18
        case .workoutDiscarded: 19
        case .bodyweightRecorded: 20
        case .bodyweightEdited: 21
        case .bodyweightDeleted: 22
        case .goalSet: 23
        case .readinessRecorded: 24
        }
    }

    /// The type of a snapshot code, nil when no type has it.
    init?(snapshotCode code: UInt8) {
        guard let type = Self.bySnapshotCode[code] else { return nil }
        self = type
    }

    private static let bySnapshotCode: [UInt8: EventType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.snapshotCode, $0) })
}
