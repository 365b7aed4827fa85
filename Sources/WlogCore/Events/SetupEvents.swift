/// Training experience (onboarding).
public enum Experience: String, Sendable, Hashable, CaseIterable, Codable { case beginner, intermediate, advanced }

/// Training goal (onboarding).
public enum TrainingGoal: String, Sendable, Hashable, CaseIterable, Codable {
    case strength, hypertrophy, fatLoss = "fat-loss", endurance, general
}

/// Sex, for the powerlifting score formulas.
public enum Sex: String, Sendable, Hashable, CaseIterable, Codable { case male, female }

/// `profile.updated`: any profile fields; absent fields keep their value.
///
/// The fields it sets are a `Profile` whose nil fields are left as they are (`update.name` …
/// read them as its own), and the body-weight goal, which the state keeps apart.
@dynamicMemberLookup
public struct ProfileUpdated: Sendable, Hashable {
    /// The profile fields given (nil = unchanged).
    public var fields: Profile
    /// The body-weight goal (`WlogState.goal`).
    public var bodyweightGoal: Mass?

    public init(name: String? = nil, unit: MassUnit? = nil, timeZone: String? = nil, sex: Sex? = nil,
                birthYear: Int? = nil, heightCentimetres: Int? = nil, experience: Experience? = nil,
                goal: TrainingGoal? = nil, daysPerWeek: Int? = nil, bodyweightGoal: Mass? = nil,
                restTimerSeconds: Int? = nil, equipment: PowerliftingScore.Equipment? = nil) {
        fields = Profile(name: name, unit: unit, timeZone: timeZone, sex: sex, birthYear: birthYear,
                         heightCentimetres: heightCentimetres, experience: experience, goal: goal,
                         daysPerWeek: daysPerWeek, restTimerSeconds: restTimerSeconds, equipment: equipment)
        self.bodyweightGoal = bodyweightGoal
    }

    /// A profile field of the update (`name`, `unit` …).
    public subscript<Value>(dynamicMember field: WritableKeyPath<Profile, Value>) -> Value {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }
}

/// `settings.changed`: display and computation settings; absent fields keep their value.
@PublicInit
public struct SettingsChanged: Sendable, Hashable {
    public var unit: MassUnit?
    public var timeZone: String?
    public var restTimerSeconds: Int?
    /// e1RM formula name (`epley` …, see `E1RMFormula`).
    public var e1rmFormula: String?
    /// The rep maxes tracked as PRs (default 1, 3, 5, 8, 10).
    public var prReps: [Int]?
    /// Sets above this many reps get no e1RM (default 12).
    public var e1rmMaxReps: Int?
}

/// `exercise.updated`: changed fields of an exercise; absent fields keep their value.
@PublicInit
public struct ExerciseUpdated: Sendable, Hashable {
    public var exercise: String
    public var name: String?
    public var kind: ExerciseKind?
    public var group: MuscleGroup?
    public var muscles: [Muscle]?
    public var secondary: [MuscleGroup]?
    public var equipment: Equipment?
    public var pattern: MovementPattern?
    public var prReps: Int?
    /// `""` clears the pinned note.
    public var pinnedNote: String?
    /// `""` clears the attachment.
    public var attachment: String?
    public var aliases: [String]?
}

/// `exercise.retired`: an exercise is hidden from the library (its history stays).
@PublicInit
public struct ExerciseRetired: Sendable, Hashable {
    public var exercise: String
}

/// Where a piece of equipment is.
public enum EquipmentLocation: String, Sendable, Hashable, CaseIterable, Codable { case home, gym }

/// The type of an equipment item (seed 001 arsenal).
public enum EquipmentType: String, Sendable, Hashable, CaseIterable, Codable {
    case barbell, plates, dumbbells, kettlebells, machine, cable, attachment, bench, rack
    case pullUpBar = "pull-up-bar", bands, cardioMachine = "cardio-machine"
}

/// `equipment.added` / `equipment.updated`: an item of the arsenal.
@PublicInit
public struct EquipmentItem: Sendable, Hashable {
    /// Stable id (slug of the name).
    public var id: String
    public var name: String
    public var type: EquipmentType
    /// The loads available (a dumbbell rack, a plate set), ascending.
    public var weights: [Mass] = []
    public var location: EquipmentLocation?
    public var available: Bool = true
}

/// `equipment.removed`.
@PublicInit
public struct EquipmentRemoved: Sendable, Hashable {
    public var id: String
}

/// A day of a routine.
@PublicInit
public struct RoutineDay: Sendable, Hashable {
    /// 1-based index within the routine.
    public var index: Int
    public var title: String
    public var exercises: [PlannedExercise]
}

/// `routine.created` / `routine.updated`: a plan (seed 003).
@PublicInit
public struct Routine: Sendable, Hashable {
    /// Stable id (slug of the name).
    public var id: String
    public var name: String
    /// Number of weeks, if the routine is a block.
    public var weeks: Int?
    /// 1-based weeks that are deloads.
    public var deloadWeeks: [Int] = []
    public var days: [RoutineDay]
}

/// `routine.retired`.
@PublicInit
public struct RoutineRetired: Sendable, Hashable {
    public var id: String
}

extension ProfileUpdated {
    /// A profile change moves body-weight e1RMs (`changesAnyRecord`).
    static let described = EventDescription(
        snapshotCode: 0, changesAnyRecord: true,
        keys: [.name, .unit, .timeZone, .sex, .birthYear, .heightCm, .experience, .goal, .daysPerWeek, .bodyweightGoal,
               .bodyweightGoalUnit, .restTimerS, .equipment])
}

extension SettingsChanged: DescribedPayload {
    init() { self.init(unit: nil) }
    static let members: [PayloadMember<Self>] = [
        .optional(.unit, { $0.unit }, { $0.unit = $1 }),
        .optional(.timeZone, { $0.timeZone }, { $0.timeZone = $1 }),
        .optional(.restTimerS, { $0.restTimerSeconds }, { $0.restTimerSeconds = $1 }),
        .optional(.e1rmFormula, { $0.e1rmFormula }, { $0.e1rmFormula = $1 }),
        .optional(.prReps, { $0.prReps }, { $0.prReps = $1 }),
        .optional(.e1rmMaxReps, { $0.e1rmMaxReps }, { $0.e1rmMaxReps = $1 }),
    ]
    /// Settings change the e1RM formula and the rep targets (`changesAnyRecord`).
    static let described = EventDescription(snapshotCode: 1, changesAnyRecord: true, payload: Self.self)
}

extension Exercise {
    /// `exercise.created`: a new exercise can take a name's owner or change what is listed (`changesAnyRecord`).
    static let describedCreated = EventDescription(
        snapshotCode: 2, changesAnyRecord: true,
        keys: [.exercise, .name, .kind, .group, .muscles, .secondary, .equipment, .pattern, .prReps, .pinnedNote, .attachment,
               .custom, .aliases, .guessed])
}

extension ExerciseUpdated {
    /// An update can change an exercise's kind or name (`changesAnyRecord`).
    static let described = EventDescription(
        snapshotCode: 3, changesAnyRecord: true,
        keys: [.exercise, .name, .kind, .group, .muscles, .secondary, .equipment, .pattern, .prReps, .pinnedNote, .attachment,
               .aliases])
}

extension ExerciseRetired: DescribedPayload {
    init() { self.init(exercise: "") }
    static let members: [PayloadMember<Self>] = [
        .required(.exercise, { $0.exercise }, { $0.exercise = $1 }),
    ]
    /// A retired exercise is no longer listed (`changesAnyRecord`).
    static let described = EventDescription(snapshotCode: 4, changesAnyRecord: true, payload: Self.self)
}

extension EquipmentItem {
    static let describedAdded = EventDescription(snapshotCode: 5, keys: keys)
    static let describedUpdated = EventDescription(snapshotCode: 6, keys: keys)
    /// `weights` holds objects of `weight` and `unit`.
    private static let keys: [CodecKey] = [.equipment, .name, .kind, .weights, .location, .available]
}

extension EquipmentRemoved: DescribedPayload {
    init() { self.init(id: "") }
    static let members: [PayloadMember<Self>] = [
        .required(.equipment, { $0.id }, { $0.id = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 7, payload: Self.self)
}

extension Routine {
    static let describedCreated = EventDescription(snapshotCode: 8, keys: keys)
    static let describedUpdated = EventDescription(snapshotCode: 9, keys: keys)
    /// `days` holds objects of `day`, `title` and `exercises` (planned exercises).
    private static let keys: [CodecKey] = [.routine, .name, .weeks, .deloadWeeks, .days]
}

extension RoutineRetired: DescribedPayload {
    init() { self.init(id: "") }
    static let members: [PayloadMember<Self>] = [
        .required(.routine, { $0.id }, { $0.id = $1 }),
    ]
    static let described = EventDescription(snapshotCode: 10, payload: Self.self)
}
