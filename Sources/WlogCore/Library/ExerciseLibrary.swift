/// The built-in exercise library that ships inside the binary.
///
/// It holds at least the union of the seeds' lists plus the common barbell, dumbbell, machine,
/// cable, body-weight, assisted, cardio and timed exercises a lifter expects. Every entry's id is
/// the slug of its name and never changes once released: a rename adds an alias instead (see
/// `docs/RECORDS.md`). Aliases carry the short names lifters type (`bench`, `ohp`, `rdl`) and the
/// names Strong and Hevy export (`Bench Press (Barbell)`, `Pull Up`) so importers map onto it.
///
/// The tables are built once, at first use.
public enum ExerciseLibrary {
    /// Every built-in exercise, grouped by muscle group and then in a lifter's order.
    public static let all: [Exercise] =
        chest + back + legs + shoulders + arms + core + cardio

    /// The built-in exercise with this id.
    public static func exercise(id: String) -> Exercise? { byID[id] }

    /// The built-in exercises by id.
    static let byID: [String: Exercise] = {
        var table: [String: Exercise] = [:]
        for exercise in all where table[exercise.id] == nil { table[exercise.id] = exercise }
        return table
    }()

    /// The built-in exercises by the name key (`Exercise.nameKey`) of their names and aliases.
    static let byNameKey: [String: Exercise] = {
        var table: [String: Exercise] = [:]
        for exercise in all {
            let key = Exercise.nameKey(exercise.name)
            if table[key] == nil { table[key] = exercise }
        }
        for exercise in all {
            for alias in exercise.aliases {
                let key = Exercise.nameKey(alias)
                if table[key] == nil { table[key] = exercise }
            }
        }
        return table
    }()

    /// Makes a built-in entry whose id is the slug of its name.
    static func entry(
        _ name: String, _ kind: ExerciseKind = .strength, group: MuscleGroup, muscles: [Muscle],
        secondary: [MuscleGroup] = [], equipment: Equipment, pattern: MovementPattern,
        aliases: [String] = []
    ) -> Exercise {
        Exercise(
            id: Exercise.slug(name), name: name, kind: kind, group: group, muscles: muscles,
            secondary: secondary, equipment: equipment, pattern: pattern, prReps: 1,
            isCustom: false, aliases: aliases)
    }
}
