/// How an exercise is measured.
public enum ExerciseKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Weight × reps.
    case strength
    /// Reps with optional *added* load (0 = body weight only).
    case bodyweight
    /// Reps with *assistance* logged as weight (never a weight PR).
    case assisted
    /// Distance and duration.
    case cardio
    /// Duration alone, e.g. a plank.
    case timed

    /// Whether its sets count toward PRs, e1RM and volume (strength and body-weight kinds).
    public var isStrengthLike: Bool { self == .strength || self == .bodyweight }
}

/// The coarse muscle groups of seed 000; a set's volume is booked to them.
public enum MuscleGroup: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case chest = "Chest", back = "Back", legs = "Legs", shoulders = "Shoulders", arms = "Arms"
    case biceps = "Biceps", triceps = "Triceps", core = "Core", cardio = "Cardio"

    /// Parses a group name in any case, with common aliases (`abs` → Core, `quads` → Legs …).
    public init?(parsing text: some StringProtocol) {
        let key = text.trimmingASCIISpaces().lowercased()
        if let exact = MuscleGroup.allCases.first(where: { $0.rawValue.lowercased() == key }) {
            self = exact
            return
        }
        switch key {
        case "abs", "abdominals", "core/abs", "obliques": self = .core
        case "quads", "hamstrings", "glutes", "calves", "leg", "lower body", "full body": self = .legs
        case "delts", "shoulder": self = .shoulders
        case "bicep": self = .biceps
        case "tricep": self = .triceps
        case "forearms", "arm": self = .arms
        case "lats", "traps", "upper back", "lower back": self = .back
        case "pecs": self = .chest
        case "conditioning", "aerobic", "olympic": self = .cardio
        default: return nil
        }
    }

    /// Whether the group is one of the arm groups (Arms, Biceps, Triceps) for labels.
    public var isArms: Bool { self == .arms || self == .biceps || self == .triceps }

    public static func < (lhs: MuscleGroup, rhs: MuscleGroup) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The fine muscles of seed 001.
public enum Muscle: String, Sendable, Hashable, CaseIterable, Codable {
    case quads, hamstrings, glutes, calves, hipFlexors = "hip-flexors", adductors
    case upperBack = "upper-back", lats, lowerBack = "lower-back"
    case upperChest = "upper-chest", middleChest = "middle-chest", lowerChest = "lower-chest"
    case frontDelts = "front-delts", sideDelts = "side-delts", rearDelts = "rear-delts"
    case biceps, triceps, forearms, abs, obliques

    /// The muscle as a lifter writes it: "Hamstrings", "Upper back", "Front delts".
    public var name: String {
        let words = String(rawValue.map { $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The coarse group the muscle belongs to.
    public var group: MuscleGroup {
        switch self {
        case .quads, .hamstrings, .glutes, .calves, .hipFlexors, .adductors: return .legs
        case .upperBack, .lats, .lowerBack: return .back
        case .upperChest, .middleChest, .lowerChest: return .chest
        case .frontDelts, .sideDelts, .rearDelts: return .shoulders
        case .biceps: return .biceps
        case .triceps: return .triceps
        case .forearms: return .arms
        case .abs, .obliques: return .core
        }
    }
}

/// Equipment an exercise uses (also the types of the equipment arsenal).
public enum Equipment: String, Sendable, Hashable, CaseIterable, Codable {
    case barbell, dumbbell, kettlebell, machine, cable, bodyweight, band, smith
    case ezBar = "ez-bar", trapBar = "trap-bar", plate, cardioMachine = "cardio-machine", none
}

/// The movement pattern of an exercise (seed 001).
public enum MovementPattern: String, Sendable, Hashable, CaseIterable, Codable {
    case push, pull, squat, hinge, lunge, carry, core, cardio
}

/// An exercise of the library or a custom one.
@PublicInit
public struct Exercise: Sendable, Hashable, Codable {
    /// Stable id: the slug of the name (`bench-press`); never changes once released.
    public var id: String
    /// Display name.
    public var name: String
    /// How it is measured.
    public var kind: ExerciseKind = .strength
    /// Primary coarse group; volume counts 1 here.
    public var group: MuscleGroup
    /// Fine muscles worked.
    public var muscles: [Muscle] = []
    /// Secondary coarse groups; volume counts 0.5 for each.
    public var secondary: [MuscleGroup] = []
    /// Equipment used.
    public var equipment: Equipment = .none
    /// Movement pattern.
    public var pattern: MovementPattern
    /// The rep count of the default rep-max PR (1–50): 1 for built-ins, 3 for custom exercises.
    public var prReps: Int = 1
    /// A note pinned to the exercise (cues, seat settings).
    public var pinnedNote: String?
    /// The cable attachment a cable exercise uses (seed 001): "rope", "straight bar", a name of the
    /// lifter's arsenal; nil when unset.
    public var attachment: String?
    /// Whether the lifter created it.
    public var isCustom: Bool = false
    /// Other names it is found by.
    public var aliases: [String] = []
    /// The parts of its classification an importer guessed from its name and the lifter has not
    /// set since (`ExerciseTrait`), in `ExerciseTrait.allCases` order; empty for every other exercise.
    public var guessed: [ExerciseTrait] = []

    /// The slug of a name: lowercase ASCII letters and digits joined by single hyphens.
    ///
    /// `Bench Press (Barbell)` → `bench-press-barbell`; `Romanian Deadlift` → `romanian-deadlift`.
    public static func slug(_ name: String) -> String {
        var out = ""
        var pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            } else if scalar.properties.isAlphabetic {
                // Keep non-ASCII letters (e.g. "Übung") rather than dropping them.
                if pendingHyphen && !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "exercise" : out
    }

    /// The find-or-create key of a name: lowercased, trimmed, inner spaces folded.
    public static func nameKey(_ name: String) -> String { asciiNameKey(name) ?? unicodeNameKey(name) }

    /// `nameKey` by characters: lowercased, split on spaces and tabs, joined by one space.
    static func unicodeNameKey(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// `nameKey` by bytes when the name is ASCII (every built-in name is), else nil: building the
    /// library's name index with `lowercased()` and `split` was a noticeable part of every start.
    static func asciiNameKey(_ name: String) -> String? {
        var name = name
        let key = name.withUTF8 { bytes -> [UInt8]? in
            var key: [UInt8] = []
            key.reserveCapacity(bytes.count)
            var space = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || byte == 0x09 {
                    space = !key.isEmpty
                    continue
                }
                if space { key.append(0x20) }
                space = false
                key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return key
        }
        return key.map { String(decoding: $0, as: UTF8.self) }
    }
}
