/// The history order of the rows (performed-at, then sequence, then journal order), kept as it
/// goes: a sorted permutation `order` that a set in order is appended to, and `pending`, the few
/// sets placed out of order (logged late, or moved by an edit of performed-at), merged into
/// `order` once they are more than 1/16 of it. A read in history order merges the sorted
/// `pending` on the fly: O(n + p log p) instead of sorting every set.
extension SetLedger {
    /// Whether row `a` comes before row `b` in history order.
    @inline(__always)
    func before(_ a: Int32, _ b: Int32) -> Bool {
        let x = rows[Int(a)], y = rows[Int(b)]
        if x.performed != y.performed { return x.performed < y.performed }
        if x.seq != y.seq { return x.seq < y.seq }
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

    /// `order` with the sorted `pending` merged in.
    private func merged() -> PlainArray<Int32> {
        let late = pending.sorted { before($0, $1) }
        var out: PlainArray<Int32> = []
        out.reserveCapacity(order.count + late.count)
        var i = 0, j = 0
        while i < order.count && j < late.count {
            if before(late[j], order[i]) {
                out.append(late[j])
                j += 1
            } else {
                out.append(order[i])
                i += 1
            }
        }
        out.append(contentsOf: order[i...])
        out.append(contentsOf: late[j...])
        return out
    }

    /// Whether `candidate` is every row index once, in history order (a snapshot's order): as
    /// many entries as rows, each in range, their keys (performed-at, sequence, index) strictly
    /// increasing — which also rules out an index twice (its key would repeat).
    func isHistoryOrder(_ candidate: PlainArray<Int32>) -> Bool {
        guard candidate.count == rows.count else { return false }
        return rows.withUnsafeBufferPointer { all in
            candidate.withUnsafeBufferPointer { order in
                var last = (performed: Int64.min, seq: UInt64(0), index: Int32(-1))
                for index in order {
                    guard UInt32(bitPattern: index) < UInt32(truncatingIfNeeded: all.count) else { return false }
                    let row = all[Int(index)]
                    let key = (performed: row.performed, seq: row.seq, index: index)
                    guard last < key else { return false }
                    last = key
                }
                return true
            }
        }
    }
}
