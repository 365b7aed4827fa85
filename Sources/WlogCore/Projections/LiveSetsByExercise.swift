/// The live sets of a state grouped by exercise, each group in history order.
///
/// Groups positions in the `LiveSets` view by exercise slot (an integer, no string hashing); a
/// set is made only when `sets(of:)` reads it, so a group's sets are made as that exercise is
/// scanned (making all 120k up front first held them all at once and was slower: session 3).
public struct LiveSetsByExercise: Sendable {
    /// Every live set in history order.
    public let live: LiveSets
    /// The positions in `live` of each exercise slot's sets (empty for slots without live sets).
    private let positions: [[Int32]]
    /// Exercise id → slot, for the slots with live sets.
    private let slots: [String: Int]

    /// Groups `live` by exercise.
    public init(_ live: LiveSets) {
        self.live = live
        var positions = [[Int32]](repeating: [], count: live.exerciseSlotCount)
        for position in live.indices { positions[Int(live.exerciseSlot(at: position))].append(Int32(position)) }
        var slots: [String: Int] = [:]
        for (slot, found) in positions.enumerated() where !found.isEmpty { slots[live.exerciseID(slot: Int32(slot))] = slot }
        self.positions = positions
        self.slots = slots
    }

    /// The ids of the exercises with at least one live set, in no particular order.
    public var exerciseIDs: Dictionary<String, Int>.Keys { slots.keys }

    /// The live sets of `exercise` in history order (empty when it has none).
    public func sets(of exercise: String) -> LazyMapSequence<[Int32], LoggedSet> {
        (slots[exercise].map { positions[$0] } ?? []).lazy.map { [live] in live[Int($0)] }
    }
}
