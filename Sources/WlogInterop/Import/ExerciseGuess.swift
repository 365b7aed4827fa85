import WlogCore

/// Guesses for a custom exercise made from an app's name: kind, group, equipment, pattern.
///
/// Used only when a name is neither known to the lifter nor in the built-in library. The guesses
/// read the name's words and what the file's rows hold; the lifter can correct them later with
/// `wlog append exercise-update`.
enum ExerciseGuess {
    /// What the rows of one exercise in the file hold.
    struct Usage: Sendable {
        var anyReps = false
        var anyWeight = false
        var anyDistance = false
        var anyDuration = false
        var category: String?

        /// Folds one row in.
        mutating func add(_ set: ImportedSet) {
            if (set.reps ?? 0) > 0 { anyReps = true }
            if (set.weight?.tenThousandths ?? 0) > 0 { anyWeight = true }
            if (set.distance?.tenThousandths ?? 0) > 0 { anyDistance = true }
            if (set.durationMilliseconds ?? 0) > 0 { anyDuration = true }
            if category == nil { category = set.category }
        }
    }

    /// The kind: `(Assisted)` → assisted; distances or a Cardio category → cardio; durations
    /// without reps → timed; `(Weighted)` or never any weight → body-weight; else strength.
    static func kind(name: String, usage: Usage) -> ExerciseKind {
        let lower = name.lowercased()
        if lower.contains("assisted") { return .assisted }
        let cardioCategory = usage.category.flatMap { MuscleGroup(parsing: $0) } == .cardio
        if usage.anyDistance || (cardioCategory && !usage.anyReps) { return .cardio }
        if !usage.anyReps && usage.anyDuration { return .timed }
        if lower.contains("(weighted)") || !usage.anyWeight { return .bodyweight }
        return .strength
    }

    /// Keyword → group, checked in order (first match wins).
    private static let groupWords: [(String, MuscleGroup)] = [
        ("leg raise", .core), ("knee raise", .core), ("front raise", .shoulders), ("rear delt", .shoulders),
        ("tricep", .triceps), ("pushdown", .triceps), ("push down", .triceps), ("skull", .triceps), ("dip", .triceps),
        ("curl", .biceps), ("bicep", .biceps),
        ("leg curl", .legs), ("bench", .chest), ("chest", .chest), ("fly", .chest), ("flye", .chest), ("pec", .chest), ("push up", .chest), ("push-up", .chest),
        ("lateral raise", .shoulders), ("shoulder", .shoulders), ("overhead press", .shoulders), ("delt", .shoulders), ("upright", .shoulders), ("shrug", .back),
        ("row", .back), ("pulldown", .back), ("pull down", .back), ("pull up", .back), ("pull-up", .back), ("chin", .back), ("deadlift", .back), ("back", .back), ("lat ", .back),
        ("squat", .legs), ("leg", .legs), ("lunge", .legs), ("calf", .legs), ("glute", .legs), ("hip", .legs), ("hamstring", .legs), ("quad", .legs),
        ("crunch", .core), ("plank", .core), ("sit up", .core), ("sit-up", .core), ("ab ", .core), ("abs", .core), ("oblique", .core), ("raise", .core),
        ("run", .cardio), ("walk", .cardio), ("bike", .cardio), ("cycl", .cardio), ("elliptical", .cardio), ("swim", .cardio), ("rowing", .cardio), ("climb", .cardio),
        ("press", .shoulders),
    ]

    /// The group: the file's category (FitNotes) when it names one; Cardio for cardio kinds;
    /// else the first keyword of the name; else `Back` (the documented fallback).
    static func group(name: String, kind: ExerciseKind, category: String?) -> MuscleGroup {
        if let category, let group = MuscleGroup(parsing: category) { return group }
        if kind == .cardio { return .cardio }
        let lower = " " + name.lowercased() + " "
        // "leg curl" must beat "curl"; "rowing" must beat "row".
        if lower.contains("leg curl") { return .legs }
        if lower.contains("rowing") { return .cardio }
        for (word, group) in groupWords where lower.contains(word) { return group }
        return .back
    }

    /// Equipment from the name's words or its `(Barbell)`-style suffix.
    static func equipment(name: String, kind: ExerciseKind) -> Equipment {
        let lower = name.lowercased()
        let table: [(String, Equipment)] = [
            ("smith", .smith), ("ez", .ezBar), ("trap bar", .trapBar), ("barbell", .barbell), ("dumbbell", .dumbbell),
            ("kettlebell", .kettlebell), ("cable", .cable), ("machine", .machine), ("band", .band), ("plate", .plate),
        ]
        for (word, equipment) in table where lower.contains(word) { return equipment }
        switch kind {
        case .bodyweight, .assisted, .timed: return .bodyweight
        case .cardio: return .cardioMachine
        case .strength: return .none
        }
    }

    /// The movement pattern of a group (a coarse guess).
    static func pattern(group: MuscleGroup, name: String) -> MovementPattern {
        let lower = name.lowercased()
        if lower.contains("deadlift") || lower.contains("hinge") || lower.contains("romanian") { return .hinge }
        if lower.contains("lunge") || lower.contains("split squat") { return .lunge }
        switch group {
        case .chest, .shoulders, .triceps: return .push
        case .back, .biceps, .arms: return .pull
        case .legs: return .squat
        case .core: return .core
        case .cardio: return .cardio
        }
    }
}
