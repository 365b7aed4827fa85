import WlogCore

/// An exercise as seed 004's `Exercise` (§6), with wlog's fine muscles and kind beside it.
@JSONObject
struct ExerciseModel {
    var id: String
    var name: String
    /// The kind: `strength`, `bodyweight`, `assisted`, `cardio`, `timed`.
    var category: String
    /// The coarse group in lower case: `chest`, `back`, `legs`, `shoulders`, `arms`, `biceps`,
    /// `triceps`, `core`, `cardio`.
    var primaryMuscle: String
    var secondaryMuscles: [String]
    /// Fine muscles (`quads`, `front-delts` …), when known.
    var muscles: [String]
    var equipment: String
    var pattern: String
    var isCustom: Bool
    /// The set fields a set of it must carry (`SetFields`): an app that sends only seed 004 §5's
    /// body (`reps`, `weightKg`, `rpe`) keeps the exercises whose list holds nothing else.
    var setFields: [String]

    init(_ exercise: Exercise) {
        id = exercise.id
        name = exercise.name
        category = exercise.kind.rawValue
        primaryMuscle = exercise.group.rawValue.lowercased()
        secondaryMuscles = exercise.secondary.map { $0.rawValue.lowercased() }
        muscles = exercise.muscles.map(\.rawValue)
        equipment = exercise.equipment.rawValue
        pattern = exercise.pattern.rawValue
        isCustom = exercise.isCustom
        setFields = SetFields.required(exercise.kind)
    }
}
