import Synchronization

/// One lifter's rows heard in other servers' commit notices (`CommitNotice`) and not yet folded:
/// one run of consecutive positions from just after the state held, which the next fold takes
/// instead of reading the table when it covers every position the fold needs. A notice that does
/// not continue the run (a gap: a commit too large for a notice, or from a server that sends
/// none), or a run past `limit` (a lifter held here but written on another server only), ends
/// it until the state moves: then the table. Filled by the listener, taken under the lifter's lock.
final class NoticedRows: Sendable {
    /// The most bytes of lines held (about 200 sets).
    static let limit = 64 << 10

    private struct Run {
        var first: UInt64 = 0
        var lines: [Substring] = []
        var bytes = 0
        var last: UInt64 { first + UInt64(lines.count) - 1 }
        /// The position the next row held must have, the state's last being `after`.
        func next(after: UInt64) -> UInt64 { lines.isEmpty || last <= after ? after + 1 : last + 1 }
    }

    private let run = Mutex(Run())

    /// The last position held (0: none).
    var last: UInt64 { run.withLock { $0.lines.isEmpty ? 0 : $0.last } }

    /// Whether a notice of the rows `first…last` would be held, the state's last position being
    /// `after` (checked before the notice's MAC is computed).
    func wants(first: UInt64, last: UInt64, after: UInt64) -> Bool {
        run.withLock { run in
            let next = run.next(after: after)
            return first <= next && last >= next
        }
    }

    /// Holds the lines at `first…` that continue the run (or start it just after `after`, the
    /// state's last position); a notice that leaves a gap, or a run past `limit`, ends the run.
    func add(first: UInt64, lines: [Substring], after: UInt64) {
        guard !lines.isEmpty else { return }
        run.withLock { run in
            if !run.lines.isEmpty, run.last <= after { run = Run() }
            let next = run.next(after: after), last = first + UInt64(lines.count) - 1
            guard first <= next else {
                run = Run()
                return
            }
            guard last >= next else { return }
            if run.lines.isEmpty { run.first = next }
            let added = lines[Int(next - first)...]
            run.lines.append(contentsOf: added)
            run.bytes += added.reduce(0) { $0 + $1.utf8.count }
            if run.bytes > Self.limit { run = Run() }
        }
    }

    /// Drops the rows at or before `through` (the state's last position after a commit).
    func drop(through: UInt64) {
        _ = take(after: through, through: through)
    }

    /// Drops every row (the state was dropped: the next fold loads from the table).
    func clear() {
        run.withLock { $0 = Run() }
    }

    /// The lines at `after + 1 … through` when the run holds them all (taken out, with what came
    /// before them); nil otherwise. What the run holds at or before `after` is dropped either way.
    func take(after: UInt64, through: UInt64) -> ArraySlice<Substring>? {
        run.withLock { run -> ArraySlice<Substring>? in
            guard !run.lines.isEmpty else { return nil }
            if run.last <= after {
                run = Run()
                return nil
            }
            if run.first <= after {
                run.lines.removeFirst(Int(after + 1 - run.first))
                run.first = after + 1
                run.bytes = run.lines.reduce(0) { $0 + $1.utf8.count }
            }
            guard through > after, run.first == after + 1, run.last >= through else { return nil }
            let count = Int(through - after)
            let taken = run.lines.prefix(count)
            if run.last == through {
                run = Run()
            } else {
                run.lines.removeFirst(count)
                run.first = through + 1
                run.bytes = run.lines.reduce(0) { $0 + $1.utf8.count }
            }
            return taken
        }
    }
}
