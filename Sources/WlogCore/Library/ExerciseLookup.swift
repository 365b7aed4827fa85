/// Resolves the text a lifter types (`bench`, `ohp`, `pull up`, `rom`) to one exercise.
///
/// The caller passes every exercise that can be named — the built-in library plus custom ones —
/// and the lookup tries, in order, the first step that matches anything:
/// 1. exact id (`bench-press`);
/// 2. exact name, case-insensitive with spaces folded (`Exercise.nameKey`);
/// 3. exact alias, the same way (`ohp`, `Bench Press (Barbell)`);
/// 4. the text's slug equals an id (`pull up` → `pull-up`);
/// 5. unique prefix of a name or id, then (if none) unique prefix of an alias.
///
/// Several exercises at the first matching step give `.ambiguous`; nothing gives `.notFound`
/// with at most five suggestions, closest first.
public struct ExerciseLookup: Sendable {
    /// The outcome of resolving a text.
    public enum Result: Sendable, Hashable {
        /// Exactly one exercise matched.
        case found(Exercise)
        /// Several matched at the same step; sorted by name.
        case ambiguous([Exercise])
        /// Nothing matched; the closest names, best first (at most five).
        case notFound(suggestions: [Exercise])

        /// The exercise when exactly one matched.
        public var exercise: Exercise? {
            if case .found(let exercise) = self { return exercise }
            return nil
        }
    }

    /// The exercises that can be named.
    public let exercises: [Exercise]

    /// Makes a lookup over `exercises` (the built-in library by default).
    public init(exercises: [Exercise] = ExerciseLibrary.all) {
        self.exercises = exercises
    }

    /// Resolves a lifter's text to an exercise.
    public func resolve(_ text: String) -> Result {
        guard !Exercise.exceedsTextLimit(text) else { return .notFound(suggestions: []) }
        let key = Exercise.nameKey(text)
        guard !key.isEmpty else { return .notFound(suggestions: []) }
        let steps: [(Exercise) -> Bool] = [
            { $0.id == key },
            { Exercise.nameKey($0.name) == key },
            { $0.aliases.contains { Exercise.nameKey($0) == key } },
            { $0.id == Exercise.slug(key) },
            { Exercise.nameKey($0.name).hasPrefix(key) || $0.id.hasPrefix(key) || $0.id.hasPrefix(Exercise.slug(key)) },
            { $0.aliases.contains { Exercise.nameKey($0).hasPrefix(key) } },
        ]
        for step in steps {
            let matches = Self.distinct(exercises.filter(step))
            if matches.count == 1 { return .found(matches[0]) }
            if matches.count > 1 { return .ambiguous(matches.sorted(by: Self.byName)) }
        }
        return .notFound(suggestions: suggestions(for: text))
    }

    /// The exercises with distinct ids, first occurrence kept.
    static func distinct(_ exercises: [Exercise]) -> [Exercise] {
        var seen: Set<String> = []
        return exercises.filter { seen.insert($0.id).inserted }
    }

    /// Orders exercises by name key, then id.
    static func byName(_ a: Exercise, _ b: Exercise) -> Bool {
        let (ka, kb) = (Exercise.nameKey(a.name), Exercise.nameKey(b.name))
        return ka != kb ? ka < kb : a.id < b.id
    }
}
