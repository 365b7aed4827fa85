import PostgresNIO
import Synchronization
import WlogStore

/// Commits of different lifters sent to the database together: the group commit of a server.
///
/// One call is in flight while the database answers in time; each call that ends takes every
/// commit that came meanwhile (up to `rowLimit` rows) into the next, so an idle server sends a
/// commit at once and a busy one sends its commits in groups — one round trip, one transaction,
/// one disk flush and one wake-up of each listening server for the group, where each commit alone
/// paid all four. PostgreSQL shares a flush among concurrent commits too, but not the rest: a
/// group of 8 costs the database 0.08 ms of CPU a commit against 0.25 ms alone
/// (docs/PERFORMANCE-POSTGRES.md, "Group commit"). A call that has not answered within
/// `stalledAfter` (on a connection the database dropped, or waiting for a lifter's turn on
/// another server) no longer holds the others: the commits waiting go in a call of their own,
/// up to `calls` in flight, and once the calls answer in time again one sender is left.
///
/// Each lifter's commit in a group lands all or none (`EventsSQL.AppendCommits`): the call answers
/// the lifters whose position or id was taken (another writer was first), whose callers get
/// `PostgresStore.appendedFirst` while the others' commits land. Should a whole group fail on a
/// taken position or id all the same, or on a deadlock between two servers' groups, nothing of it
/// was committed, and each of its commits is sent again alone. Any other failure is every
/// commit's: each caller treats its outcome as unknown, as it would alone.
final class GroupAppend: Sendable {
    /// One lifter's commit: its rows, numbered from the stream's last position.
    struct Commit: Sendable {
        let lifter: LifterID
        let rows: EventRows
    }

    /// Calls in flight at once, at most: the one a healthy server keeps, and one more while it is
    /// stalled. One call alone made the groups twice as large under load as two did (the
    /// database's CPU a write 0.112–0.126 ms against 0.115–0.186, docs/PERFORMANCE-POSTGRES.md,
    /// "Group commit"), but a call left waiting on a connection the database dropped then held
    /// every other commit of the server until its deadline: in `server-crash-test.py`'s restart
    /// round a server answered no 201 in the 1.5 s after the database was back.
    static let calls = 2
    /// How long a call may go unanswered before the commits waiting behind it get a call of their
    /// own: a healthy call answers in a few milliseconds (the group's rows and one WAL flush).
    static let stalledAfter: Duration = .milliseconds(100)
    /// The most rows a group gathers; a single commit larger than this goes alone.
    static let rowLimit = 4096

    private struct Waiting {
        let commit: Commit
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var waiting: [Waiting] = []
        /// Senders running (each between calls or with one call in flight).
        var senders = 0
        /// The calls in flight, by number, and those of them past `stalledAfter`.
        var inFlight: Set<UInt64> = []
        var stalled: Set<UInt64> = []
        var lastCall: UInt64 = 0
        /// Senders not held by a stalled call.
        var healthy: Int { senders - stalled.count }
    }

    private let state = Mutex(State())
    private let stalledAfter: Duration
    private let send: @Sendable ([Commit]) async throws -> Set<String>

    /// `send` makes one call of the commits given, answering the lifters refused (by uuid) or
    /// throwing the database's error; a call unanswered after `stalledAfter` lets the commits
    /// behind it go in another.
    init(stalledAfter: Duration = GroupAppend.stalledAfter, send: @escaping @Sendable ([Commit]) async throws -> Set<String>) {
        self.stalledAfter = stalledAfter
        self.send = send
    }

    /// The commits waiting for a call, and the calls past `stalledAfter` (for tests).
    var waitingCount: Int { state.withLock { $0.waiting.count } }
    var stalledCount: Int { state.withLock { $0.stalled.count } }
    /// What the group commit is doing, in a line (for a test that waited too long).
    var summary: String {
        state.withLock { "\($0.waiting.count) waiting, \($0.senders) senders, calls in flight \($0.inFlight.sorted()), stalled \($0.stalled.sorted()), last call \($0.lastCall)" }
    }

    /// Commits `rows` to `lifter`'s stream, with whatever other commits are waiting; returns when
    /// they are committed, or throws what the database answered (a conflict only when this
    /// commit's own position or id was taken).
    func append(_ rows: EventRows, lifter: LifterID) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let starts = state.withLock { state -> Bool in
                state.waiting.append(Waiting(commit: Commit(lifter: lifter, rows: rows), continuation: continuation))
                return Self.startsSender(&state)
            }
            if starts { Task { await self.sendWhileWaiting() } }
        }
    }

    /// Whether a sender should start for the commits waiting: none runs but stalled ones, and
    /// fewer than `calls` run (counted as started when true).
    private static func startsSender(_ state: inout State) -> Bool {
        guard !state.waiting.isEmpty, state.healthy == 0, state.senders < calls else { return false }
        state.senders += 1
        return true
    }

    /// One sender: sends the waiting commits as groups until none waits, or another sender not
    /// held by a stalled call is there to send them.
    private func sendWhileWaiting() async {
        while let (call, group) = nextGroup() {
            let timer = DeadlineTimer.shared.add(stalledAfter) { [self] in stall(call) }
            await sendGroup(group)
            DeadlineTimer.shared.remove(timer)
            state.withLock { state in
                state.inFlight.remove(call)
                state.stalled.remove(call)
            }
        }
    }

    /// Call `call` has gone unanswered for `stalledAfter`: the commits waiting get a sender of
    /// their own unless another sender is free to take them.
    private func stall(_ call: UInt64) {
        let starts = state.withLock { state -> Bool in
            guard state.inFlight.contains(call) else { return false }
            state.stalled.insert(call)
            return Self.startsSender(&state)
        }
        if starts { Task { await self.sendWhileWaiting() } }
    }

    /// The next call's number and the commits waiting, oldest first, up to `rowLimit` rows (at
    /// least one commit); nil, and one sender fewer, when none waits or another healthy sender
    /// will take them.
    private func nextGroup() -> (UInt64, [Waiting])? {
        state.withLock { state in
            guard !state.waiting.isEmpty, state.healthy == 1 else {
                state.senders -= 1
                return nil
            }
            var rows = 0, count = 0
            for waiting in state.waiting {
                if count > 0, rows + waiting.commit.rows.count > Self.rowLimit { break }
                rows += waiting.commit.rows.count
                count += 1
            }
            defer { state.waiting.removeFirst(count) }
            state.lastCall += 1
            state.inFlight.insert(state.lastCall)
            return (state.lastCall, Array(state.waiting.prefix(count)))
        }
    }

    private func sendGroup(_ group: [Waiting]) async {
        do {
            let refused = try await send(group.map(\.commit))
            for waiting in group { Self.answer(waiting, refused: refused) }
        } catch where group.count > 1 && Self.isLostRace(error) {
            await withTaskGroup(of: Void.self) { tasks in
                for waiting in group {
                    tasks.addTask {
                        do {
                            Self.answer(waiting, refused: try await self.send([waiting.commit]))
                        } catch {
                            waiting.continuation.resume(throwing: error)
                        }
                    }
                }
            }
        } catch {
            for waiting in group { waiting.continuation.resume(throwing: error) }
        }
    }

    /// Resumes `waiting`'s caller: committed, or refused (another writer was first).
    private static func answer(_ waiting: Waiting, refused: Set<String>) {
        if refused.contains(waiting.commit.lifter.uuid) {
            waiting.continuation.resume(throwing: PostgresStore.appendedFirst)
        } else {
            waiting.continuation.resume()
        }
    }

    /// A unique violation, or a deadlock between two groups (PostgreSQL rolled one back): the
    /// group committed nothing.
    private static func isLostRace(_ error: any Error) -> Bool {
        EventsSchema.isConflict(error) || (error as? PSQLError)?.serverInfo?[.sqlState] == "40P01"
    }
}
