import WlogCore

extension ExerciseGuess {
    /// Keyword → fine muscles within a group, checked in order (first match wins), on the name's
    /// words (`words(_:)`): ` incline` makes a chest press the upper chest, ` lateral raise` a
    /// shoulder exercise the side delts. The muscles a built-in exercise of that movement lists.
    private static let muscleWords: [(MuscleGroup, String, [Muscle])] = [
        (.legs, " leg curl", [.hamstrings]), (.legs, " hamstring", [.hamstrings]), (.legs, " nordic", [.hamstrings]),
        (.legs, " romanian", [.hamstrings, .glutes]), (.legs, " rdl", [.hamstrings, .glutes]), (.legs, " good morning", [.hamstrings, .glutes]),
        (.legs, " hip thrust", [.glutes, .hamstrings]), (.legs, " glute", [.glutes]), (.legs, " bridge", [.glutes, .hamstrings]),
        (.legs, " abduct", [.glutes]), (.legs, " adduct", [.adductors]), (.legs, " calf", [.calves]), (.legs, " calves", [.calves]),
        (.legs, " leg extension", [.quads]), (.legs, " quad", [.quads]), (.legs, " hip flexor", [.hipFlexors]),
        (.back, " deadlift", [.hamstrings, .glutes, .lowerBack]), (.back, " hyperextension", [.lowerBack, .glutes]),
        (.back, " back extension", [.lowerBack, .glutes]), (.back, " shrug", [.upperBack]), (.back, " row", [.upperBack, .lats, .rearDelts, .biceps]),
        (.chest, " incline", [.upperChest, .frontDelts, .triceps]), (.chest, " decline", [.lowerChest, .triceps]),
        (.chest, " fly", [.middleChest]), (.chest, " flye", [.middleChest]), (.chest, " crossover", [.middleChest, .lowerChest]),
        (.chest, " pec", [.middleChest]),
        (.shoulders, " lateral raise", [.sideDelts]), (.shoulders, " side raise", [.sideDelts]), (.shoulders, " upright", [.sideDelts, .upperBack]),
        (.shoulders, " rear delt", [.rearDelts]), (.shoulders, " reverse fly", [.rearDelts, .upperBack]),
        (.shoulders, " reverse flye", [.rearDelts, .upperBack]), (.shoulders, " face pull", [.rearDelts, .upperBack]),
        (.shoulders, " front raise", [.frontDelts]),
        (.biceps, " hammer", [.biceps, .forearms]), (.core, " oblique", [.obliques]), (.core, " side bend", [.obliques]),
        (.core, " twist", [.obliques]), (.core, " woodchop", [.obliques]), (.core, " leg raise", [.abs, .hipFlexors]),
        (.core, " knee raise", [.abs, .hipFlexors]),
    ]

    /// The fine muscles of a new exercise: the first keyword of its group among the name's words,
    /// else what the group's plain movement trains (a leg exercise: quads and glutes; a back one:
    /// lats and upper back). Cardio trains none. Guessed with the group, so `exercise-update
    /// --muscles` corrects them.
    static func muscles(name: String, group: MuscleGroup) -> [Muscle] {
        let text = words(name)
        for (owner, word, muscles) in muscleWords where owner == group && text.contains(word) { return muscles }
        switch group {
        case .legs: return [.quads, .glutes]
        case .back: return [.lats, .upperBack, .biceps]
        case .chest: return [.middleChest, .frontDelts, .triceps]
        case .shoulders: return [.frontDelts, .sideDelts, .triceps]
        case .biceps: return [.biceps]
        case .triceps: return [.triceps]
        case .arms: return [.forearms]
        case .core: return [.abs]
        case .cardio: return []
        }
    }
}
