/// A part of an exercise's classification that an importer can only guess from the exercise's
/// name (issue 18 item 8): `Exercise.guessed` lists the parts still guessed.
///
/// Written in `exercise.created` as `"guessed":["kind","group","equipment","pattern"]` (absent =
/// none, so every older line reads as "nothing guessed"); an `exercise.updated` that sets a part
/// — to a new value or the same one — makes it the lifter's and drops it from the list.
public enum ExerciseTrait: String, Sendable, Hashable, CaseIterable, Codable {
    case kind, group, equipment, pattern

    /// The traits an `exercise.updated` sets.
    static func set(by update: ExerciseUpdated) -> [ExerciseTrait] {
        var traits: [ExerciseTrait] = []
        if update.kind != nil { traits.append(.kind) }
        if update.group != nil { traits.append(.group) }
        if update.equipment != nil { traits.append(.equipment) }
        if update.pattern != nil { traits.append(.pattern) }
        return traits
    }
}
