import Synchronization
import WlogStore

/// What the token verifier asks on every request about a token this server's accounts issued:
/// is its session still live, and is its account neither disabled nor deleted. The account store
/// keeps it up to date after each durable write, so a signed-out session's access tokens stop
/// working at once, not when they expire (beyond Supabase, which trusts a token until `exp`).
/// One lock and two hash lookups: the hot path of every API request stays cheap.
public final class LiveSessions: Sendable {
    private struct State {
        var live: Set<String> = []
        var blocked: Set<LifterID> = []
    }
    private let state = Mutex(State())

    public init() {}

    /// Whether a token of `lifter` for `session` (nil: a token without one, e.g. from `wlog serve token`) is honoured.
    func allows(_ lifter: LifterID, session: String?) -> Bool {
        state.withLock { state in
            if state.blocked.contains(lifter) { return false }
            guard let session else { return true }
            return state.live.contains(session)
        }
    }

    func open(_ session: String) { _ = state.withLock { $0.live.insert(session) } }
    func close(_ session: String) { _ = state.withLock { $0.live.remove(session) } }
    func block(_ lifter: LifterID) { _ = state.withLock { $0.blocked.insert(lifter) } }
    func unblock(_ lifter: LifterID) { _ = state.withLock { $0.blocked.remove(lifter) } }
}
