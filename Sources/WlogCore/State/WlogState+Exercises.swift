/// Exercises: the built-in library, custom ones, edits and retirement.
extension WlogState {
    /// An exercise by id, retired ones included (custom and edited built-ins shadow the library).
    public func exercise(_ id: String) -> Exercise? { customExercises[id] ?? builtIns[id] }

    /// Whether the exercise was retired (hidden from the library; its history stays).
    public func isRetired(_ id: String) -> Bool { retiredExercises.contains(id) }

    /// Every exercise not retired, by name then id.
    public var exercises: [Exercise] {
        var all = customExercises
        for (id, exercise) in builtIns where all[id] == nil { all[id] = exercise }
        return all.values.filter { !retiredExercises.contains($0.id) }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// Every exercise ever known, retired ones included, by name then id.
    public var allExercises: [Exercise] {
        var all = customExercises
        for (id, exercise) in builtIns where all[id] == nil { all[id] = exercise }
        return all.values.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The exercises whose id, name or alias equals `text` exactly (by `Exercise.nameKey`), ids first.
    ///
    /// This is exact matching only; prefixes and did-you-mean belong to `ExerciseLookup`.
    public func exercises(named text: String) -> [Exercise] {
        guard !Exercise.exceedsTextLimit(text) else { return [] }  // no exercise has so long a name
        let key = Exercise.nameKey(text)
        if let byID = exercise(key) ?? exercise(text) { return [byID] }
        var found: [Exercise] = []
        for id in exerciseIDs(nameKey: key) {
            guard let candidate = exercise(id), !found.contains(where: { $0.id == id }) else { continue }
            if WlogState.nameKeys(of: candidate).contains(key) { found.append(candidate) }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// The find-or-create match: the exercise whose name (or alias) has the same name key and
    /// whose primary group is the same; a name match wins over an alias match.
    public func exercise(named name: String, group: MuscleGroup) -> Exercise? {
        let key = Exercise.nameKey(name)
        let candidates = exerciseIDs(nameKey: key).compactMap { exercise($0) }.filter { $0.group == group }
        return candidates.first { Exercise.nameKey($0.name) == key }
            ?? candidates.filter { WlogState.nameKeys(of: $0).contains(key) }.min { $0.id < $1.id }
    }

    /// The name keys an exercise is found by: its name and its aliases.
    static func nameKeys(of exercise: Exercise) -> [String] {
        var keys = [Exercise.nameKey(exercise.name)]
        for alias in exercise.aliases { keys.append(Exercise.nameKey(alias)) }
        return keys
    }

    mutating func index(_ exercise: Exercise) {
        for key in WlogState.nameKeys(of: exercise) where !exerciseIDs(nameKey: key).contains(exercise.id) {
            nameIndex[key, default: []].append(exercise.id)
        }
    }

    /// The ids of the exercises a name key finds: the built-in library's, then the ones events added.
    func exerciseIDs(nameKey key: String) -> [String] {
        let library = (libraryNameIndex ?? Self.defaultLibraryNames)[key] ?? []
        guard let added = nameIndex[key] else { return library }
        return library + added
    }

    /// The default library's name index, built on first use.
    static let defaultLibraryNames = nameIndex(of: defaultLibrary)

    /// Name key → ids of a library's exercises, in library order.
    static func nameIndex(of library: [Exercise]) -> [String: [String]] {
        var index: [String: [String]] = [:]
        for exercise in library {
            for key in nameKeys(of: exercise) { index[key, default: []].append(exercise.id) }
        }
        return index
    }

    /// A created exercise replaces any earlier one with the same id and is no longer retired.
    mutating func applyExerciseCreated(_ exercise: Exercise) {
        customExercises[exercise.id] = exercise
        retiredExercises.remove(exercise.id)
        index(exercise)
    }

    /// Each field the update sets, unless a later update set it already (`LatestChanges`).
    mutating func applyExerciseUpdated(_ p: ExerciseUpdated, stamp: SetChange.Stamp) {
        guard var exercise = exercise(p.exercise) else { return }
        let key = "exercise." + p.exercise + "."
        func take(_ field: String) -> Bool { latest.take(key + field, stamp) }
        if let v = p.name, take("name") { exercise.name = v }
        if let v = p.kind, take("kind") { exercise.kind = v }
        if let v = p.group, take("group") { exercise.group = v }
        if let v = p.muscles, take("muscles") { exercise.muscles = v }
        if let v = p.secondary, take("secondary") { exercise.secondary = v }
        if let v = p.equipment, take("equipment") { exercise.equipment = v }
        if let v = p.pattern, take("pattern") { exercise.pattern = v }
        if let v = p.prReps, take("prReps") { exercise.prReps = v }
        if let v = p.pinnedNote, take("pinnedNote") { exercise.pinnedNote = v.isEmpty ? nil : v }
        if let v = p.attachment, take("attachment") { exercise.attachment = v.isEmpty ? nil : v }
        if let v = p.aliases, take("aliases") { exercise.aliases = v }
        if !exercise.guessed.isEmpty {
            let set = ExerciseTrait.set(by: p)
            exercise.guessed.removeAll(where: set.contains)
        }
        customExercises[exercise.id] = exercise
        index(exercise)
    }
}
