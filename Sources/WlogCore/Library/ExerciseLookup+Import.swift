extension ExerciseLookup {
    /// A built-in exercise an imported exercise name maps to, with the equipment its suffix named.
    public struct ImportMatch: Sendable, Hashable {
        /// The built-in exercise.
        public var exercise: Exercise
        /// The equipment of the name's suffix (`(Barbell)` → barbell), `nil` when it had none.
        public var equipment: Equipment?
    }

    /// Maps an exercise name from another app (Strong, Hevy, FitNotes) to a built-in exercise.
    ///
    /// Tries, in order: the whole name as a built-in name or alias; then, with an equipment
    /// suffix such as ` (Barbell)`, ` (Dumbbell)`, ` (Machine)`, ` (Cable)` split off, the
    /// equipment-first name (`Shrug (Dumbbell)` → `Dumbbell Shrug`), `Assisted …` for an
    /// `(Assisted)` suffix, and finally the bare name — accepted only when the built-in's
    /// equipment agrees with the suffix, so a dumbbell lift is never filed under a barbell one.
    /// Returns `nil` when nothing matches (the importer then creates a custom exercise).
    public static func importMatch(name: String) -> ImportMatch? {
        let key = Exercise.nameKey(name)
        guard !key.isEmpty else { return nil }
        let (base, suffix) = splitSuffix(key)
        let hint = suffix.flatMap(equipmentHint)
        if let whole = ExerciseLibrary.byNameKey[key] { return ImportMatch(exercise: whole, equipment: hint) }
        guard let suffix else { return nil }
        if suffix == "assisted", let assisted = ExerciseLibrary.byNameKey["assisted " + base] {
            return ImportMatch(exercise: assisted, equipment: assisted.equipment)
        }
        if let hint {
            for prefix in equipmentWords(hint) {
                if let found = ExerciseLibrary.byNameKey[prefix + " " + base] {
                    return ImportMatch(exercise: found, equipment: hint)
                }
            }
        }
        guard let bare = ExerciseLibrary.byNameKey[base] else { return nil }
        guard let hint else {
            // A suffix that names no equipment (`(Weighted)`, `(Bodyweight)`, `(Paused)`).
            return ImportMatch(exercise: bare, equipment: nil)
        }
        return compatible(hint, bare.equipment) ? ImportMatch(exercise: bare, equipment: hint) : nil
    }

    /// Splits `bench press (barbell)` into `bench press` and `barbell`.
    static func splitSuffix(_ key: String) -> (base: String, suffix: String?) {
        guard key.hasSuffix(")"), let open = key.lastIndex(of: "(") else { return (key, nil) }
        let base = Exercise.nameKey(String(key[..<open]))
        let inner = key[key.index(after: open)..<key.index(before: key.endIndex)]
        let suffix = Exercise.nameKey(String(inner))
        return base.isEmpty ? (key, nil) : (base, suffix)
    }

    /// The equipment a suffix names (`barbell`, `cable - straight bar`, `smith machine`), if any.
    static func equipmentHint(_ suffix: String) -> Equipment? {
        let head = suffix.split(whereSeparator: { $0 == "-" || $0 == "," || $0 == "/" }).first
            .map { Exercise.nameKey(String($0)) } ?? suffix
        switch head {
        case "barbell", "olympic bar": return .barbell
        case "dumbbell", "dumbbells", "db": return .dumbbell
        case "kettlebell", "kettlebells", "kb": return .kettlebell
        case "machine", "plate loaded", "plate-loaded", "selectorized", "lever": return .machine
        case "cable", "cables", "rope": return .cable
        case "smith machine", "smith": return .smith
        case "ez bar", "ez-bar", "ez curl bar": return .ezBar
        case "trap bar", "hex bar": return .trapBar
        case "band", "bands", "resistance band": return .band
        case "bodyweight", "body weight", "bw": return .bodyweight
        case "plate": return .plate
        default: return nil
        }
    }

    /// The words that put equipment first in a library name (`dumbbell`, `smith machine` …).
    static func equipmentWords(_ equipment: Equipment) -> [String] {
        switch equipment {
        case .barbell: return ["barbell"]
        case .dumbbell: return ["dumbbell"]
        case .kettlebell: return ["kettlebell"]
        case .machine: return ["machine"]
        case .cable: return ["cable"]
        case .smith: return ["smith machine"]
        case .ezBar: return ["ez-bar", "ez bar"]
        case .trapBar: return ["trap bar"]
        case .band, .bodyweight, .plate, .cardioMachine, .none: return []
        }
    }

    /// Whether a suffix's equipment fits a built-in's equipment closely enough to share records.
    static func compatible(_ hint: Equipment, _ builtIn: Equipment) -> Bool {
        if hint == builtIn { return true }
        let families: [Set<Equipment>] = [
            [.machine, .cable, .cardioMachine], [.barbell, .ezBar], [.dumbbell, .kettlebell],
            [.bodyweight, .none, .band],
        ]
        return families.contains { $0.contains(hint) && $0.contains(builtIn) }
    }
}
