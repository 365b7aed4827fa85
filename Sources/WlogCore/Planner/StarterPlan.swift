/// The starter plan from onboarding answers (seed 003): full body for 2–3 days a week, upper/lower
/// for 4, push/pull/legs for 5–6; rep ranges by goal, sets by experience, exercises limited to
/// the equipment available.
public enum StarterPlan {
    /// What the lifter has to train with (onboarding).
    public enum Access: String, Sendable, Hashable, CaseIterable {
        /// A commercial gym: everything.
        case gym
        /// Home without weights: body weight and bands (a pull-up bar is assumed).
        case home
        case dumbbells
        /// A barbell with plates.
        case barbell
    }

    /// The onboarding answers.
    @PublicInit
    public struct Answers: Sendable, Hashable {
        public var goal: TrainingGoal
        public var experience: Experience
        public var daysPerWeek: Int
        public var access: Set<Access>
    }

    /// The split for a number of days.
    public enum Split: String, Sendable, Hashable {
        case fullBody = "Full Body", upperLower = "Upper/Lower", pushPullLegs = "Push/Pull/Legs"

        public init(days: Int) {
            switch days {
            case ...3: self = .fullBody
            case 4: self = .upperLower
            default: self = .pushPullLegs
            }
        }
    }

    /// The exercise equipment the answers allow; body weight (and no equipment) always.
    public static func equipment(for access: Set<Access>) -> Set<Equipment> {
        var out: Set<Equipment> = [.bodyweight, .none]
        for a in access {
            switch a {
            case .gym: out.formUnion(Equipment.allCases)
            case .home: out.insert(.band)
            case .dumbbells: out.insert(.dumbbell)
            case .barbell: out.formUnion([.barbell, .plate])
            }
        }
        return out
    }

    /// Builds the routine, or refuses answers out of range naming the field.
    public static func make(_ answers: Answers, library: [Exercise] = ExerciseLibrary.all) throws(Refusal) -> Routine {
        guard (2...6).contains(answers.daysPerWeek) else {
            throw Refusal(field: "plan.days", value: String(answers.daysPerWeek), allowed: "2 to 6 days per week")
        }
        guard !answers.access.isEmpty else {
            throw Refusal(field: "plan.equipment", value: "none", allowed: "one or more of gym, home, dumbbells, barbell")
        }
        let allowed = equipment(for: answers.access)
        let byID = Dictionary(library.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let split = Split(days: answers.daysPerWeek)
        let templates = dayTemplates(split: split, days: answers.daysPerWeek)
        var days: [RoutineDay] = []
        for (i, template) in templates.enumerated() {
            var planned: [PlannedExercise] = []
            for slot in template.slots {
                let pick = slot.candidates.lazy.compactMap { byID[$0] }.first { candidate in
                    allowed.contains(candidate.equipment) && !planned.contains { $0.exercise == candidate.id }
                        && !(answers.experience == .beginner && notForBeginners.contains(candidate.id))
                }
                guard let exercise = pick else { continue }
                planned.append(target(exercise.id, role: slot.role, answers: answers))
            }
            days.append(RoutineDay(index: i + 1, title: template.title, exercises: planned))
        }
        let goalName = answers.goal == .fatLoss ? "Fat-Loss" : answers.goal.rawValue.prefix(1).uppercased() + answers.goal.rawValue.dropFirst()
        let name = "Starter " + goalName + " " + split.rawValue + " \(answers.daysPerWeek) Days"
        return Routine(id: Exercise.slug(name), name: name, days: days)
    }

    /// The target of a slot: rep range, RPE and rest by goal; sets by experience.
    static func target(_ id: String, role: Role, answers: Answers) -> PlannedExercise {
        let (low, high, rpe, rest): (Int, Int, Double, Int)
        switch (answers.goal, role) {
        case (.strength, .main): (low, high, rpe, rest) = (3, 5, 8, 180)
        case (.strength, .accessory): (low, high, rpe, rest) = (6, 10, 8, 120)
        case (.hypertrophy, .main): (low, high, rpe, rest) = (6, 10, 8, 120)
        case (.hypertrophy, .accessory): (low, high, rpe, rest) = (10, 15, 9, 90)
        case (.fatLoss, .main): (low, high, rpe, rest) = (8, 12, 8, 90)
        case (.fatLoss, .accessory): (low, high, rpe, rest) = (12, 15, 8, 60)
        case (.endurance, .main): (low, high, rpe, rest) = (12, 15, 7, 60)
        case (.endurance, .accessory): (low, high, rpe, rest) = (15, 20, 7, 45)
        case (.general, .main): (low, high, rpe, rest) = (6, 10, 8, 120)
        case (.general, .accessory): (low, high, rpe, rest) = (10, 12, 8, 90)
        }
        let sets: Int
        switch (answers.experience, role) {
        case (.beginner, .main): sets = 3
        case (.beginner, .accessory): sets = 2
        case (.intermediate, _): sets = answers.goal == .strength && role == .main ? 4 : 3
        case (.advanced, .main): sets = answers.goal == .strength ? 5 : 4
        case (.advanced, .accessory): sets = 3
        }
        return PlannedExercise(exercise: id, sets: sets, repsLow: low, repsHigh: high, rpe: RPE(rpe), restSeconds: rest)
    }
}

extension Experience {
    /// Beginner 0, intermediate 1, advanced 2.
    var rank: Int { Experience.allCases.firstIndex(of: self) ?? 0 }
}
