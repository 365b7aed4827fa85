/// Workouts newest first: by day, then start, then key (`WorkoutIndex.newestFirstOrder`).
///
/// Every entry has a start (its session's, else its first set's) and keys are distinct, so the
/// order is total: the first k of a full sort and the k newest picked one by one are the same
/// entries in the same order (what lets history sort only its page).
extension WorkoutIndex {
    /// Every workout, newest first.
    var newestFirst: [Entry] { newestFirstOrder.map { all[$0] } }

    /// The positions in `all` of every workout, newest first: the sort compares and moves
    /// integers, not entries.
    var newestFirstOrder: [Int] { newestFirstOrder(of: Array(all.indices), first: all.count) }

    /// The first `k` of `candidates` (positions in `all`), newest first.
    ///
    /// When `k` is small next to the candidates they are picked in one pass that keeps the `k`
    /// newest so far sorted (a comparison of days with the oldest of them for most), else all are
    /// sorted.
    func newestFirstOrder(of candidates: [Int], first k: Int) -> [Int] {
        guard k > 0 else { return [] }
        let newer = { (a: Int, b: Int) -> Bool in
            if all[a].day != all[b].day { return all[a].day > all[b].day }
            let sa = all[a].started?.instant, sb = all[b].started?.instant
            if sa != sb, let sa, let sb { return sa > sb }
            return all[a].key > all[b].key
        }
        if k >= candidates.count / 8 { return Array(candidates.sorted(by: newer).prefix(k)) }
        var kept: [Int] = []
        kept.reserveCapacity(k + 1)
        // Entries are made in the order their workouts first appear, mostly oldest first: from
        // the last, the k newest are met early and most others fail the first comparison.
        for candidate in candidates.reversed() {
            if kept.count == k {
                // Most candidates are days older than the oldest kept: one comparison of days.
                guard let oldest = kept.last, all[candidate].day >= all[oldest].day, newer(candidate, oldest) else { continue }
                kept.removeLast()
            }
            var lo = 0, hi = kept.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if newer(kept[mid], candidate) { lo = mid + 1 } else { hi = mid }
            }
            kept.insert(candidate, at: lo)
        }
        return kept
    }
}
