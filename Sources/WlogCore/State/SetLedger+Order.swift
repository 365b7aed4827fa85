/// The history order of the rows (`HistoryKey`: performed-at, then the set's logged-at, then its
/// id — the same on every replica; then the row, for a damaged journal's twice-logged id), kept as it
/// goes: a sorted permutation `order` that a set in order is appended to, and `pending`, the few
/// sets placed out of order (logged late, or moved by an edit of performed-at), merged into
/// `order` once they are more than 1/16 of it (and after each server write, `settleAfterWrite`).
/// A read in history order merges the sorted `pending` on the fly: O(p log p + p log n)
/// comparisons and one copy of `order`, instead of sorting every set.
extension SetLedger {
    /// Whether row `a` comes before row `b` in history order.
    @inline(__always)
    func before(_ a: Int32, _ b: Int32) -> Bool {
        let x = rows[Int(a)], y = rows[Int(b)]
        if x.performed != y.performed { return x.performed < y.performed }
        let rx = loggedRecorded(x), ry = loggedRecorded(y)
        if rx != ry { return rx < ry }
        if x.id != y.id { return x.id < y.id }
        return a < b
    }

    /// Adds row `index` to the order.
    @inline(__always)
    mutating func place(_ index: Int32) {
        if let last = order.last, before(index, last) {
            pending.append(index)
            if pending.count > max(256, order.count >> 4) { mergePending() }
        } else {
            order.append(index)
        }
    }

    /// Takes row `index` out of the order (before its performed-at changes).
    mutating func unplace(_ index: Int32) {
        if let p = pending.firstIndex(of: index) {
            pending.remove(at: p)
            return
        }
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(order[mid], index) { lo = mid + 1 } else { hi = mid }
        }
        if lo < order.count && order[lo] == index {
            order.remove(at: lo)
        } else if let p = order.firstIndex(of: index) {
            order.remove(at: p)
        }
    }

    /// Merges `pending` into `order`.
    mutating func mergePending() {
        guard !pending.isEmpty else { return }
        order = merged()
        pending = []
    }

    /// Every row index in history order.
    func historyOrder() -> PlainArray<Int32> { pending.isEmpty ? order : merged() }

    /// `order` with the sorted `pending` merged in: each late row's place found by a binary
    /// search and the run of `order` before it copied whole — O(p log n) comparisons of rows. A
    /// merge step by step compared a pair of rows per element, O(n), and a write that leaves a
    /// row late (a set back-dated, or logged in the same millisecond as the last and ordered
    /// before it by its id) merges: 42 % of a POST's CPU for the 20-year lifter (117,000 sets).
    private func merged() -> PlainArray<Int32> {
        let late = pending.sorted { before($0, $1) }
        return order.withUnsafeBufferPointer { order in
            var out: PlainArray<Int32> = []
            out.reserveCapacity(order.count + late.count)
            var start = 0
            for row in late {
                // The first of order[start...] that `row` comes before: every row ahead of it stays ahead.
                var low = start, high = order.count
                while low < high {
                    let middle = (low + high) / 2
                    if before(row, order[middle]) { high = middle } else { low = middle + 1 }
                }
                out.append(copying: UnsafeBufferPointer(rebasing: order[start..<low]))
                out.append(row)
                start = low
            }
            out.append(copying: UnsafeBufferPointer(rebasing: order[start...]))
            return out
        }
    }

    /// Whether `candidate` is every row index once, in history order (a snapshot's order): as
    /// many entries as rows, each in range, each strictly after the one before (`before`) —
    /// which also rules out an index twice.
    func isHistoryOrder(_ candidate: PlainArray<Int32>) -> Bool {
        guard candidate.count == rows.count else { return false }
        return candidate.withUnsafeBufferPointer { order in
            var last: Int32 = -1
            for index in order {
                guard UInt32(bitPattern: index) < UInt32(truncatingIfNeeded: rows.count) else { return false }
                if last >= 0 && !before(last, index) { return false }
                last = index
            }
            return true
        }
    }

    /// When the set's `set.logged` event was recorded (ms): the row's own `recorded` unless an
    /// edit or delete made the row, then its first version's.
    @inline(__always)
    func loggedRecorded(_ row: SetRow) -> Int64 {
        guard row.change >= 0 else { return row.recorded }
        var version = replaced[Int(row.change)]
        while version.change >= 0 { version = replaced[Int(version.change)] }
        return version.recorded
    }

    /// The history-order key of a row.
    func historyKey(_ row: SetRow) -> HistoryKey {
        HistoryKey(performed: row.performed, recorded: loggedRecorded(row), id: row.id)
    }
}
