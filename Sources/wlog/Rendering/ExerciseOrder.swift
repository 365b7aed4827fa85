/// The order of exercise lists: by name, then id, as `String`'s `<` has it.
enum ExerciseOrder {
    /// The positions of the exercises named `names` (with ids `ids`) in that order.
    ///
    /// The positions are sorted, not the values (moving them was most of the cost), and ASCII names
    /// and ids — nearly all — are compared as the bytes of `name NUL id`, which for ASCII text is the
    /// order `String` gives (its `<` is a costly call, and a comparison makes two).
    static func byName(names: [String], ids: [String]) -> [Int] {
        var keys: [[UInt8]] = []
        keys.reserveCapacity(names.count)
        var isPlainASCII = true
        for (name, id) in zip(names, ids) {
            var key: [UInt8] = []
            key.reserveCapacity(name.utf8.count + 1 + id.utf8.count)
            key.append(contentsOf: name.utf8)
            let nameHasNoNUL = !key.contains(0)
            key.append(0)
            key.append(contentsOf: id.utf8)
            isPlainASCII = isPlainASCII && nameHasNoNUL && key.allSatisfy { $0 < 0x80 }
            keys.append(key)
        }
        guard isPlainASCII else { return names.indices.sorted { (names[$0], ids[$0]) < (names[$1], ids[$1]) } }
        return keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
    }
}
