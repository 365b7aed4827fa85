/// The live sets of a state in history order, each made into a `LoggedSet` only when read.
///
/// `WlogState.liveSets` builds every `LoggedSet` up front (a large value each: megabytes for a long
/// history); this view holds one row index per live set, so a query that reads the workout, the day
/// or the exercise of every set and the full sets of only a few (history's last 20 workouts, one
/// exercise's records) never materialises the rest.
public struct LiveSets: RandomAccessCollection, Sendable {
    /// The ledger the rows belong to (shared storage, not copied).
    let ledger: SetLedger
    /// Row indices of the live sets, in history order.
    let rows: [Int32]

    init(_ ledger: SetLedger) {
        self.ledger = ledger
        let order = ledger.historyOrder()
        // Written in place, not appended (an append checks capacity and uniqueness each time).
        rows = [Int32](unsafeUninitializedCapacity: order.count) { live, count in
            count = 0
            ledger.rows.withUnsafeBufferPointer { all in
                for index in order {
                    let row = all[Int(index)]
                    if !row.isDeleted && !ledger.isDiscarded(row) {
                        live[count] = index
                        count += 1
                    }
                }
            }
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    /// The set at `position`, made from its row.
    public subscript(position: Int) -> LoggedSet {
        ledger.loggedSet(ledger.rows[Int(rows[position])], resolvingDiscard: false)
    }

    /// Every set made at once, in one sequential pass (cheaper than element by element).
    func madeAll() -> [LoggedSet] {
        var out: [LoggedSet] = []
        out.reserveCapacity(rows.count)
        ledger.rows.withUnsafeBufferPointer { all in
            for index in rows { out.append(ledger.loggedSet(all[Int(index)], resolvingDiscard: false)) }
        }
        return out
    }

    /// When the set at `position` was performed.
    public func performed(at position: Int) -> ZonedInstant { ledger.performed(ledger.rows[Int(rows[position])]) }

    /// The positions of the live sets of the exercise `id`, in history order, read from the rows
    /// without making any set: a query of one exercise makes only that exercise's sets.
    public func positions(ofExercise id: String) -> [Int] {
        let slots = ledger.exerciseIDs.indices.filter { ledger.exerciseIDs[$0] == id }.map { Int32($0) }
        guard let first = slots.first else { return [] }
        var out: [Int] = []
        ledger.rows.withUnsafeBufferPointer { all in
            for (position, index) in rows.enumerated() {
                let exercise = all[Int(index)].exercise
                if exercise == first || (slots.count > 1 && slots.contains(exercise)) { out.append(position) }
            }
        }
        return out
    }
}

extension SetLedger {
    /// When a row's set was performed, with its offset.
    func performed(_ row: SetRow) -> ZonedInstant {
        let offset = row.has(SetRow.Flags.wideOffset) && row.extra >= 0
            ? extras[Int(row.extra)].offset ?? 0 : Int(row.offset)
        return ZonedInstant(Instant(millisecondsSince1970: row.performed), offsetMinutes: offset)
    }
}

extension WlogState {
    /// The live sets in history order as a view that makes each `LoggedSet` when read
    /// (same elements as `liveSets`).
    public var lazyLiveSets: LiveSets { LiveSets(sets) }
}
