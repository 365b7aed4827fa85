/// The day templates of the starter plan: slots of candidate exercises, first available wins.
extension StarterPlan {
    /// A main lift (lower reps, longer rest) or an accessory.
    enum Role: Sendable { case main, accessory }

    /// One exercise slot: candidates in order of preference (library ids).
    struct Slot: Sendable {
        var role: Role
        var candidates: [String]
    }

    /// A day: its title and slots.
    struct DayTemplate: Sendable {
        var title: String
        var slots: [Slot]
    }

    /// Exercises a beginner does not get.
    static let notForBeginners: Set<String> = ["handstand-push-up", "nordic-curl", "muscle-up", "toes-to-bar"]

    // Movement slots, barbell first, then machines and cables, dumbbells, body weight.
    static let squat = Slot(role: .main, candidates: ["back-squat", "leg-press", "goblet-squat", "bulgarian-split-squat", "bodyweight-squat"])
    static let squat2 = Slot(role: .accessory, candidates: ["leg-press", "front-squat", "goblet-squat", "bulgarian-split-squat", "bodyweight-squat"])
    static let hinge = Slot(role: .main, candidates: ["deadlift", "dumbbell-romanian-deadlift", "kettlebell-swing", "glute-bridge"])
    static let hinge2 = Slot(role: .accessory, candidates: ["romanian-deadlift", "dumbbell-romanian-deadlift", "hip-thrust", "glute-bridge"])
    static let lunge = Slot(role: .accessory, candidates: ["bulgarian-split-squat", "dumbbell-lunge", "barbell-lunge", "step-up"])
    static let hamstrings = Slot(role: .accessory, candidates: ["leg-curl", "seated-leg-curl", "nordic-curl", "glute-bridge"])
    static let calves = Slot(role: .accessory, candidates: ["calf-raise", "seated-calf-raise"])
    static let horizontalPush = Slot(role: .main, candidates: ["bench-press", "dumbbell-bench-press", "machine-chest-press", "push-up"])
    static let horizontalPush2 = Slot(role: .accessory, candidates: ["incline-dumbbell-press", "incline-bench-press", "dip", "push-up"])
    static let verticalPush = Slot(role: .main, candidates: ["overhead-press", "dumbbell-shoulder-press", "machine-shoulder-press", "handstand-push-up"])
    static let horizontalPull = Slot(role: .main, candidates: ["barbell-row", "seated-cable-row", "dumbbell-row", "inverted-row"])
    static let horizontalPull2 = Slot(role: .accessory, candidates: ["seated-cable-row", "chest-supported-row", "dumbbell-row", "inverted-row"])
    static let verticalPull = Slot(role: .main, candidates: ["lat-pulldown", "pull-up", "chin-up"])
    static let lateral = Slot(role: .accessory, candidates: ["lateral-raise", "cable-lateral-raise", "machine-lateral-raise"])
    static let rearDelts = Slot(role: .accessory, candidates: ["face-pull", "rear-delt-fly", "reverse-pec-deck", "inverted-row"])
    static let biceps = Slot(role: .accessory, candidates: ["barbell-curl", "dumbbell-curl", "cable-curl", "chin-up"])
    static let triceps = Slot(role: .accessory, candidates: ["tricep-pushdown", "overhead-tricep-extension", "skull-crusher", "bench-dip"])
    static let core = Slot(role: .accessory, candidates: ["hanging-leg-raise", "cable-crunch", "crunch"])

    /// The days of a split: 2–3 full-body days, 4 upper/lower days, 5–6 push/pull/legs days.
    static func dayTemplates(split: Split, days: Int) -> [DayTemplate] {
        switch split {
        case .fullBody:
            let all = [
                DayTemplate(title: "Full Body A", slots: [squat, horizontalPush, horizontalPull, hamstrings, core]),
                DayTemplate(title: "Full Body B", slots: [hinge, verticalPush, verticalPull, lunge, triceps]),
                DayTemplate(title: "Full Body C", slots: [squat2, horizontalPush2, horizontalPull2, hinge2, biceps]),
            ]
            return Array(all.prefix(days))
        case .upperLower:
            return [
                DayTemplate(title: "Upper A", slots: [horizontalPush, horizontalPull, verticalPush, verticalPull, biceps, triceps]),
                DayTemplate(title: "Lower A", slots: [squat, hinge2, lunge, hamstrings, calves, core]),
                DayTemplate(title: "Upper B", slots: [verticalPush, verticalPull, horizontalPush2, horizontalPull2, lateral, rearDelts]),
                DayTemplate(title: "Lower B", slots: [hinge, squat2, lunge, hamstrings, calves, core]),
            ]
        case .pushPullLegs:
            let all = [
                DayTemplate(title: "Push A", slots: [horizontalPush, verticalPush, horizontalPush2, lateral, triceps]),
                DayTemplate(title: "Pull A", slots: [verticalPull, horizontalPull, rearDelts, biceps]),
                DayTemplate(title: "Legs A", slots: [squat, hinge2, lunge, hamstrings, calves]),
                DayTemplate(title: "Push B", slots: [verticalPush, horizontalPush, horizontalPush2, lateral, triceps]),
                DayTemplate(title: "Pull B", slots: [horizontalPull, verticalPull, horizontalPull2, rearDelts, biceps]),
                DayTemplate(title: "Legs B", slots: [hinge, squat2, hamstrings, calves, core]),
            ]
            return Array(all.prefix(days))
        }
    }
}
