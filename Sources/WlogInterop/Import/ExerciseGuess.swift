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

    /// Keyword → group, checked in order (first match wins). A keyword matches at the start of a
    /// word of the name (`words(_:)`): ` row` is in `Seated Row` and `Rows`, not in `Crossover`;
    /// ` chin` is in `Chin-Up`, not in `Machine` (which made Calf Press (Machine) a Back exercise).
    private static let groupWords: [(String, MuscleGroup)] = [
        (" leg raise", .core), (" knee raise", .core), (" hanging raise", .core), (" leg curl", .legs),
        (" hamstring curl", .legs), (" nordic", .legs), (" rowing", .cardio),
        (" front raise", .shoulders), (" rear delt", .shoulders), (" lateral raise", .shoulders), (" face pull", .shoulders),
        (" tricep", .triceps), (" pushdown", .triceps), (" push down", .triceps), (" pressdown", .triceps),
        (" skull", .triceps), (" kickback", .triceps), (" dip", .triceps), (" jm press", .triceps),
        (" wrist", .arms), (" forearm", .arms), (" curl", .biceps), (" bicep", .biceps),
        (" calf", .legs), (" calves", .legs), (" hip thrust", .legs), (" thrust", .legs), (" glute", .legs),
        (" hip", .legs), (" squat", .legs), (" leg", .legs), (" lunge", .legs), (" step up", .legs), (" hamstring", .legs),
        (" quad", .legs), (" adduct", .legs), (" abduct", .legs),
        (" crunch", .core), (" plank", .core), (" sit up", .core), (" situp", .core), (" ab ", .core), (" abs", .core),
        (" oblique", .core), (" side bend", .core), (" twist", .core), (" woodchop", .core), (" dragon flag", .core),
        (" hollow", .core), (" dead bug", .core), (" rollout", .core), (" ab wheel", .core), (" flag", .core),
        (" reverse fly", .shoulders), (" reverse flye", .shoulders), (" bench", .chest), (" chest", .chest), (" fly", .chest), (" flye", .chest), (" pec", .chest),
        (" push up", .chest), (" pushup", .chest), (" crossover", .chest),
        (" shoulder", .shoulders), (" overhead press", .shoulders), (" military", .shoulders), (" delt", .shoulders),
        (" upright", .shoulders), (" arnold", .shoulders),
        (" shrug", .back), (" row", .back), (" pulldown", .back), (" pull down", .back), (" pull up", .back),
        (" pullup", .back), (" chin", .back), (" deadlift", .back), (" back", .back), (" lat ", .back), (" lats", .back),
        (" hyperextension", .back), (" pullover", .back),
        (" raise", .shoulders),
        (" run", .cardio), (" walk", .cardio), (" bike", .cardio), (" cycl", .cardio), (" elliptical", .cardio),
        (" swim", .cardio), (" climb", .cardio), (" jump rope", .cardio), (" stair", .cardio), (" treadmill", .cardio),
        (" press", .shoulders),
    ]

    /// The name lowercased, every run of non-letters and non-digits one space, with a space at
    /// both ends: `Calf Press (Machine)` → ` calf press machine `, `Chin-Up` → ` chin up `.
    static func words(_ name: String) -> String {
        var out = " "
        for c in name.lowercased() {
            if c.isLetter || c.isNumber { out.append(c) } else if out.last != " " { out.append(" ") }
        }
        if out.last != " " { out.append(" ") }
        return out
    }

    /// Whether a group was found in the name's words (else the group is the fallback and the
    /// import report lists the exercise as a guess to check).
    static func groupFromWords(name: String) -> MuscleGroup? {
        let text = words(name)
        for (word, group) in groupWords where text.contains(word) { return group }
        return nil
    }

    /// The group: the file's category (FitNotes) when it names one; Cardio for cardio kinds;
    /// else the first keyword among the name's words; else `Core` (a group that never drives a
    /// day's label or the push : pull ratio).
    static func group(name: String, kind: ExerciseKind, category: String?) -> MuscleGroup {
        if let category, let group = MuscleGroup(parsing: category) { return group }
        if kind == .cardio { return .cardio }
        return groupFromWords(name: name) ?? .core
    }

    /// What of a new exercise is a guess: kind, equipment and pattern always; the group unless the
    /// file's category (FitNotes) named it. Kept in `exercise.created` as `guessed`.
    static func guessedTraits(category: String?) -> [ExerciseTrait] {
        if let category, MuscleGroup(parsing: category) != nil { return [.kind, .equipment, .pattern] }
        return ExerciseTrait.allCases
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

    /// Keyword → movement pattern, checked in order before the group's default.
    private static let patternWords: [(String, MovementPattern)] = [
        (" deadlift", .hinge), (" rdl", .hinge), (" romanian", .hinge), (" good morning", .hinge), (" hinge", .hinge),
        (" thrust", .hinge), (" bridge", .hinge), (" hyperextension", .hinge), (" back extension", .hinge),
        (" swing", .hinge), (" lunge", .lunge), (" split squat", .lunge), (" step up", .lunge),
        (" carry", .carry), (" farmer", .carry), (" crunch", .core), (" plank", .core), (" leg raise", .core),
        (" curl", .pull), (" row", .pull), (" pull", .pull), (" chin", .pull), (" shrug", .pull), (" face pull", .pull),
        (" press", .push), (" push", .push), (" dip", .push), (" fly", .push), (" flye", .push), (" raise", .push),
        (" extension", .push), (" kickback", .push),
    ]

    /// The movement pattern: the first keyword among the name's words, else the group's default
    /// (a coarse guess; `wlog append exercise-update --pattern` corrects it).
    static func pattern(group: MuscleGroup, name: String) -> MovementPattern {
        if group == .cardio { return .cardio }
        let text = words(name)
        if group == .legs, !text.contains(" lunge"), !text.contains(" thrust"), !text.contains(" deadlift") {
            if text.contains(" curl") { return .hinge }  // leg curls: knee flexion, the hamstrings' pattern
            if !text.contains(" split") { return .squat }
        }
        for (word, pattern) in patternWords where text.contains(word) { return pattern }
        switch group {
        case .chest, .shoulders, .triceps: return .push
        case .back, .biceps, .arms: return .pull
        case .legs: return .squat
        case .core: return .core
        case .cardio: return .cardio
        }
    }
}
