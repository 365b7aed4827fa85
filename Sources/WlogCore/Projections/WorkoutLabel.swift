/// The label of a workout from the coarse groups of its exercises (domain.md §4, seed 000).
///
/// Core and Cardio are ignored when anything else is present; Arms, Biceps and Triceps are
/// "arms". Legs — only Legs. Push — Chest and (Shoulders or Triceps), nothing else but those.
/// Pull — Back and Biceps, at most one Shoulders exercise, nothing else. Sharms — Shoulders and
/// arms, nothing else. Otherwise the two groups with the most exercises (ties: more sets, then
/// alphabetical) as `A & B`, or the single group's name; in this fallback the groups keep their
/// own names (a Chest + Biceps day is `Chest & Biceps`).
public enum WorkoutLabel {
    /// One exercise of the workout: its primary group and how many sets it had.
    public struct Item: Sendable, Hashable {
        public var group: MuscleGroup
        public var sets: Int

        public init(group: MuscleGroup, sets: Int) {
            self.group = group
            self.sets = sets
        }
    }

    /// The label for a workout's exercises; `Workout` when there are none.
    public static func label(_ items: [Item]) -> String {
        let hasOther = items.contains { $0.group != .core && $0.group != .cardio }
        let counted = hasOther ? items.filter { $0.group != .core && $0.group != .cardio } : items
        guard !counted.isEmpty else { return "Workout" }
        let groups = Set(counted.map(\.group))
        let shoulderExercises = counted.filter { $0.group == .shoulders }.count
        if groups == [.legs] { return "Legs" }
        if groups.contains(.chest), groups.isSubset(of: [.chest, .shoulders, .triceps]), groups.count >= 2 {
            return "Push"
        }
        if groups.contains(.back), groups.contains(.biceps), groups.isSubset(of: [.back, .biceps, .shoulders]),
           shoulderExercises <= 1 {
            return "Pull"
        }
        if groups.contains(.shoulders), groups.contains(where: \.isArms),
           groups.allSatisfy({ $0 == .shoulders || $0.isArms }) {
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
}
