/// `exercise NAME --group G …`: a custom exercise to find or create.
@PublicInit
public struct NewExercise: Sendable, Hashable {
    public var name: String
    public var group: MuscleGroup
    /// Default: cardio for the Cardio group, else strength.
    public var kind: ExerciseKind?
    public var muscles: [Muscle] = []
    public var secondary: [MuscleGroup] = []
    public var equipment: Equipment = .none
    /// Default: from the group (Legs → squat, Chest/Shoulders/Triceps → push, Back/Biceps/Arms →
    /// pull, Core → core, Cardio → cardio).
    public var pattern: MovementPattern?
    /// Default PR reps as typed, 1–50; default 3 for a custom exercise.
    public var prReps: Int?
    public var pinnedNote: String?
    /// The cable attachment (cable exercises only).
    public var attachment: String?
    public var aliases: [String] = []

    /// The movement pattern a group implies when none is given.
    static func defaultPattern(for group: MuscleGroup) -> MovementPattern {
        switch group {
        case .legs: return .squat
        case .chest, .shoulders, .triceps: return .push
        case .back, .biceps, .arms: return .pull
        case .core: return .core
        case .cardio: return .cardio
        }
    }
}
