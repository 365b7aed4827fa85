/// What `--group` narrows to: a muscle group (the exercise's primary group) or a fine muscle (an
/// exercise that lists it), so `--group hamstrings` means hamstring work, not all of Legs.
public enum MuscleFilter: Sendable, Hashable {
    case group(MuscleGroup)
    case muscle(Muscle)

    /// A fine muscle by its name or id in any case ("hamstrings", "Front delts", "upper-back"),
    /// else a group by its name or an alias of the whole group ("legs", "abs" is the muscle);
    /// nil for anything else.
    public init?(parsing text: some StringProtocol) {
        let key = String(text.trimmingASCIISpaces().lowercased().map { $0 == " " || $0 == "_" ? "-" : $0 })
        if let muscle = Muscle(rawValue: key) ?? Self.muscleAliases[key] {
            self = .muscle(muscle)
        } else if let group = MuscleGroup(parsing: text) {
            self = .group(group)
        } else {
            return nil
        }
    }

    /// Plural and short forms lifters write for a fine muscle.
    static let muscleAliases: [String: Muscle] = [
        "quad": .quads, "hamstring": .hamstrings, "hams": .hamstrings, "glute": .glutes, "calf": .calves,
        "hip-flexor": .hipFlexors, "adductor": .adductors, "lat": .lats, "traps": .upperBack, "oblique": .obliques,
        "bicep": .biceps, "tricep": .triceps, "forearm": .forearms, "front-delt": .frontDelts, "side-delt": .sideDelts,
        "rear-delt": .rearDelts,
    ]

    /// Whether `exercise` is trained by the filter: its primary group is the group, or it lists the muscle.
    public func matches(_ exercise: Exercise) -> Bool {
        switch self {
        case let .group(group): return exercise.group == group
        case let .muscle(muscle): return exercise.muscles.contains(muscle)
        }
    }

    /// Every name `--group` takes, for the refusal of an unknown one.
    public static var names: String {
        "a group (" + MuscleGroup.allCases.map(\.rawValue).joined(separator: ", ") + ") or a muscle ("
            + Muscle.allCases.map(\.rawValue).joined(separator: ", ") + ")"
    }
}
