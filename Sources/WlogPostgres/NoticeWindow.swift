import Synchronization

/// Whether this server's commits go with their notices (`CommitNotice`): from the moment it writes
/// to a lifter another server wrote since (a load balancer that does not keep each lifter on one
/// server) until `length` passes without it happening again. A notice costs the database and
/// every listening server a little at each commit (the rows hashed and sent to each listener); it
/// saves the next server that writes the lifter a `SELECT` of the rows, so it is sent only while
/// lifters are written on more than one server (docs/SERVER-POSTGRES.md, "Other servers' commits").
final class NoticeWindow: Sendable {
    static let length: Duration = .seconds(60)

    private let start = ContinuousClock.now
    /// Nanoseconds after `start` until which notices are sent (0: not since the store started).
    private let until = Atomic<Int64>(0)

    /// A write found another server's commit to its lifter: notices for `length` from now.
    func note() {
        until.store(nanoseconds(ContinuousClock.now + Self.length), ordering: .relaxed)
    }

    /// Whether a commit now goes with its notice.
    var isOpen: Bool {
        let until = until.load(ordering: .relaxed)
        return until != 0 && nanoseconds(ContinuousClock.now) < until
    }

    private func nanoseconds(_ instant: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (instant - start).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
