import WlogCore

/// Finds the exercise an app's name means: a known one, a built-in, or a new custom one.
///
/// Order: (1) a known exercise whose name or alias has the same name key, or whose id is the
/// name's slug; (2) the library match (`ExerciseLookup.importMatch(name:)`, e.g.
/// `Bench Press (Barbell)` → Bench Press); (3) a new custom exercise: id = slug of the name, kind,
/// group, equipment and pattern guessed (`ExerciseGuess`), default PR reps 3.
struct ExerciseResolver {
    private var byKey: [String: Exercise] = [:]
    private var byID: [String: Exercise] = [:]
    private let libraryMatch: @Sendable (String) -> Exercise?
    /// Exercises created by this import, in order of first use.
    private(set) var created: [Exercise] = []

    init(known: [Exercise], libraryMatch: @escaping @Sendable (String) -> Exercise?) {
        self.libraryMatch = libraryMatch
        for exercise in known {
            byID[exercise.id] = exercise
            for name in [exercise.name] + exercise.aliases where byKey[Exercise.nameKey(name)] == nil {
                byKey[Exercise.nameKey(name)] = exercise
            }
        }
    }

    /// The exercise for `name`, creating a custom one from `usage` when nothing matches.
    mutating func resolve(_ name: String, usage: ExerciseGuess.Usage) -> Exercise {
        let key = Exercise.nameKey(name)
        if let found = byKey[key] { return found }
        let slug = Exercise.slug(name)
        let exercise: Exercise
        if let known = byID[slug] {
            exercise = known
        } else if let builtIn = libraryMatch(name) {
            exercise = byID[builtIn.id] ?? builtIn
        } else {
            let kind = ExerciseGuess.kind(name: name, usage: usage)
            let group = ExerciseGuess.group(name: name, kind: kind, category: usage.category)
            exercise = Exercise(
                id: slug, name: name.trimmingCharacters(inSet: " "), kind: kind, group: group,
                muscles: ExerciseGuess.muscles(name: name, group: group), equipment: ExerciseGuess.equipment(name: name, kind: kind),
                pattern: ExerciseGuess.pattern(group: group, name: name), prReps: 3, isCustom: true,
                guessed: ExerciseGuess.guessedTraits(category: usage.category))
            created.append(exercise)
        }
        byKey[key] = exercise
        byID[exercise.id] = exercise
        return exercise
    }
}
