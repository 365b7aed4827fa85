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
    }

    /// The label for a workout's exercises; `Workout` when there are none.
    ///
    /// The groups are bits of a mask and their counts two fixed arrays (a `Set` and dictionaries
    /// of groups hashed each group's name, for every label).
    public static func label(_ items: [Item]) -> String {
        let minor = GroupMask(.core).union(GroupMask(.cardio))
        let hasOther = items.contains { !minor.contains($0.group) }
        var groups = GroupMask()
        var exercises = [Int](repeating: 0, count: MuscleGroup.allCases.count)
        var sets = exercises
        for item in items where !hasOther || !minor.contains(item.group) {
            groups.insert(item.group)
            exercises[item.group.bit] += 1
            sets[item.group.bit] += item.sets
        }
        guard !groups.isEmpty else { return "Workout" }
        let arms = GroupMask([.arms, .biceps, .triceps])
        if groups == GroupMask(.legs) { return "Legs" }
        if groups.contains(.chest), groups.isSubset(of: GroupMask([.chest, .shoulders, .triceps])), groups.count >= 2 {
            return "Push"
        }
        if groups.contains(.back), groups.contains(.biceps), groups.isSubset(of: GroupMask([.back, .biceps, .shoulders])),
           exercises[MuscleGroup.shoulders.bit] <= 1 {
            return "Pull"
        }
        if groups.contains(.shoulders), !groups.intersection(arms).isEmpty,
           groups.isSubset(of: arms.union(GroupMask(.shoulders))) {
            return "Sharms"
        }
        let ranked = MuscleGroup.allCases.filter { groups.contains($0) }.sorted { a, b in
            if exercises[a.bit] != exercises[b.bit] { return exercises[a.bit] > exercises[b.bit] }
            if sets[a.bit] != sets[b.bit] { return sets[a.bit] > sets[b.bit] }
            return a.rawValue < b.rawValue
        }
        return ranked.prefix(2).map(\.rawValue).joined(separator: " & ")
    }

    /// A set of muscle groups as bits.
    struct GroupMask: Equatable {
        private var bits: UInt16 = 0

        init() {}
        init(_ group: MuscleGroup) { bits = 1 << group.bit }
        init(_ groups: [MuscleGroup]) { for group in groups { insert(group) } }

        var isEmpty: Bool { bits == 0 }
        var count: Int { bits.nonzeroBitCount }
        func contains(_ group: MuscleGroup) -> Bool { bits & 1 << group.bit != 0 }
        func isSubset(of other: GroupMask) -> Bool { bits & ~other.bits == 0 }
        func union(_ other: GroupMask) -> GroupMask { var u = self; u.bits |= other.bits; return u }
        func intersection(_ other: GroupMask) -> GroupMask { var i = self; i.bits &= other.bits; return i }
        mutating func insert(_ group: MuscleGroup) { bits |= 1 << group.bit }
    }
}

extension MuscleGroup {
    /// The group's position among the cases: its bit in `WorkoutLabel.GroupMask`.
    var bit: Int {
        switch self {
        case .chest: return 0
        case .back: return 1
        case .legs: return 2
        case .shoulders: return 3
        case .arms: return 4
        case .biceps: return 5
        case .triceps: return 6
        case .core: return 7
        case .cardio: return 8
        }
    }
}
