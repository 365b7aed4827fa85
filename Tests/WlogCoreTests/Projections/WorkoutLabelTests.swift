import Testing
@testable import WlogCore

@Suite("Workout label")
struct WorkoutLabelTests {
    func label(_ items: (MuscleGroup, Int)...) -> String {
        WorkoutLabel.label(items.map { WorkoutLabel.Item(group: $0.0, sets: $0.1) })
    }

    @Test func legs() {
        #expect(label((.legs, 3), (.legs, 4)) == "Legs")
        #expect(label((.legs, 3), (.core, 3), (.cardio, 1)) == "Legs")
    }

    @Test func push() {
        #expect(label((.chest, 3), (.shoulders, 3)) == "Push")
        #expect(label((.chest, 3), (.triceps, 3)) == "Push")
        #expect(label((.chest, 3), (.shoulders, 3), (.triceps, 2), (.shoulders, 2), (.core, 3)) == "Push")
    }

    @Test func pullAllowsOneShoulderExercise() {
        #expect(label((.back, 3), (.biceps, 3)) == "Pull")
        #expect(label((.back, 3), (.biceps, 2), (.shoulders, 3)) == "Pull")
        // Two shoulder exercises: not Pull; Shoulders has the most exercises, Back beats Biceps on sets.
        #expect(label((.back, 3), (.biceps, 2), (.shoulders, 3), (.shoulders, 3)) == "Shoulders & Back")
    }

    @Test func sharms() {
        #expect(label((.shoulders, 3), (.biceps, 3)) == "Sharms")
        #expect(label((.shoulders, 3), (.arms, 2), (.triceps, 3), (.core, 2)) == "Sharms")
    }

    @Test func fallbackTopTwoByExercisesThenSetsThenAlphabet() {
        #expect(label((.chest, 3), (.back, 3)) == "Back & Chest")
        #expect(label((.chest, 3), (.back, 4), (.legs, 4)) == "Back & Legs")
        #expect(label((.chest, 3), (.chest, 3), (.back, 2), (.legs, 5)) == "Chest & Legs")
        #expect(label((.biceps, 3), (.triceps, 3)) == "Biceps & Triceps")
        #expect(label((.chest, 3)) == "Chest")
        #expect(label((.chest, 3), (.biceps, 3)) == "Biceps & Chest")
    }

    @Test func coreAndCardioOnlyWhenAlone() {
        #expect(label((.core, 3), (.cardio, 1)) == "Core & Cardio")
        #expect(label((.cardio, 1)) == "Cardio")
        #expect(label((.back, 1), (.core, 5), (.core, 5)) == "Back")
        #expect(label() == "Workout")
    }

    /// The rules as written before groups became bits (a `Set` and dictionaries of groups).
    static func reference(_ items: [WorkoutLabel.Item]) -> String {
        let hasOther = items.contains { $0.group != .core && $0.group != .cardio }
        let counted = hasOther ? items.filter { $0.group != .core && $0.group != .cardio } : items
        guard !counted.isEmpty else { return "Workout" }
        let groups = Set(counted.map(\.group))
        let shoulderExercises = counted.filter { $0.group == .shoulders }.count
        if groups == [.legs] { return "Legs" }
        if groups.contains(.chest), groups.isSubset(of: [.chest, .shoulders, .triceps]), groups.count >= 2 { return "Push" }
        if groups.contains(.back), groups.contains(.biceps), groups.isSubset(of: [.back, .biceps, .shoulders]),
           shoulderExercises <= 1 {
            return "Pull"
        }
        if groups.contains(.shoulders), groups.contains(where: \.isArms), groups.allSatisfy({ $0 == .shoulders || $0.isArms }) {
            return "Sharms"
        }
        var exercises: [MuscleGroup: Int] = [:]
        var sets: [MuscleGroup: Int] = [:]
        for item in counted {
            exercises[item.group, default: 0] += 1
            sets[item.group, default: 0] += item.sets
        }
        let ranked = groups.sorted { a, b in
            if exercises[a] != exercises[b] { return exercises[a, default: 0] > exercises[b, default: 0] }
            if sets[a] != sets[b] { return sets[a, default: 0] > sets[b, default: 0] }
            return a.rawValue < b.rawValue
        }
        return ranked.prefix(2).map(\.rawValue).joined(separator: " & ")
    }

    @Test func sameAsTheRulesOverRandomWorkouts() {
        var rng = EventSamples.SeededRNG(seed: 42)
        let groups = MuscleGroup.allCases
        for _ in 0..<20_000 {
            let items = (0..<Int.random(in: 0...7, using: &rng)).map { _ in
                WorkoutLabel.Item(group: groups[Int.random(in: 0..<groups.count, using: &rng)], sets: Int.random(in: 0...4, using: &rng))
            }
            #expect(WorkoutLabel.label(items) == Self.reference(items), "\(items)")
        }
    }
}
