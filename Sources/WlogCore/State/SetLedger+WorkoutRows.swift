/// Where each workout's rows begin, for a state that answers a set's place in its workout after
/// every write (a server's `POST …/sets`): without it that answer walks every row of the lifter.
///
/// Once indexed (`WlogState.indexWorkoutRows()`), `workoutFirstRows[w]` is a row index that no
/// row whose current version names workout slot `w` comes before: the first row that named it,
/// lowered when an edit moves an earlier set into it (a set moved out leaves it as it is, still a
/// bound). Every fold that writes a row keeps it so (`noteWorkout(ofRow:)`). Nil until indexed —
/// a replay for one command does not pay for it — and derived: not compared, not in the snapshot.
extension SetLedger {
    /// Indexes the rows as they are; the folds keep the index from here on.
    mutating func indexWorkoutRows() {
        var first = [Int32](repeating: .max, count: workoutIDs.count)
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let w = Int(rows[index].workout)
                if w >= 0, first[w] == .max { first[w] = Int32(truncatingIfNeeded: index) }
            }
        }
        workoutFirstRows = first
    }

    /// Keeps the index after row `index` was written (appended, or replaced by a change).
    @inline(__always)
    mutating func noteWorkout(ofRow index: Int) {
        guard let count = workoutFirstRows?.count else { return }
        let w = Int(rows[index].workout)
        guard w >= 0 else { return }
        if w >= count { workoutFirstRows?.append(contentsOf: repeatElement(.max, count: w + 1 - count)) }
        if let held = workoutFirstRows?[w], index < held { workoutFirstRows?[w] = Int32(truncatingIfNeeded: index) }
    }

    /// The first row index that can name workout slot `w`: 0 when not indexed.
    func firstRow(ofWorkout w: Int32) -> Int {
        guard let first = workoutFirstRows, w >= 0, Int(w) < first.count else { return 0 }
        return first[Int(w)] == .max ? rows.count : Int(first[Int(w)])
    }
}
