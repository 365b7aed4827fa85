/// The live sets of a state grouped by exercise, each group in history order.
///
/// Groups positions into one shared list instead of copying sets, so grouping 100,000 sets costs
/// one hash per set; a group is read through `sets(of:)` without materialising an array.
public struct LiveSetsByExercise: Sendable {
    /// Every live set in history order.
    public let live: [LoggedSet]
    /// The positions in `live` of each exercise's sets.
    private let positions: [String: [Int32]]

    /// Groups `live` (history order) by exercise.
    public init(_ live: [LoggedSet]) {
        self.live = live
        var positions: [String: [Int32]] = [:]
        for (position, set) in live.enumerated() { positions[set.exercise, default: []].append(Int32(position)) }
        self.positions = positions
    }

    /// The ids of the exercises with at least one live set, in no particular order.
    public var exerciseIDs: Dictionary<String, [Int32]>.Keys { positions.keys }

    /// The live sets of `exercise` in history order (empty when it has none).
    public func sets(of exercise: String) -> LazyMapSequence<[Int32], LoggedSet> {
        (positions[exercise] ?? []).lazy.map { [live] in live[Int($0)] }
    }
}
