import WlogCore

/// The API's names of the fields a set must carry, by exercise kind — the engine's measurement
/// rules (WlogCore's `SetRules`, domain.md §3 "Validation") as an app sees them: strength and
/// assisted `reps` and `weightKg`; body-weight `reps` (added weight optional); cardio
/// `distanceMeters` and `durationSeconds`; timed `durationSeconds`. Seed 004 §5's set body is
/// `reps`, `weightKg`, `rpe`, so its picker keeps an exercise when `basic` holds every field listed.
enum SetFields {
    /// §5's set body.
    static let basic: Set<String> = ["reps", "weightKg", "rpe"]

    static func required(_ kind: ExerciseKind) -> [String] {
        switch kind {
        case .strength, .assisted: ["reps", "weightKg"]
        case .bodyweight: ["reps"]
        case .cardio: ["distanceMeters", "durationSeconds"]
        case .timed: ["durationSeconds"]
        }
    }
}
