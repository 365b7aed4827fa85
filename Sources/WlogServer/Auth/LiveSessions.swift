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
    /// On accounts shared between servers: folds what the others appended (`AccountStore`), when
    /// one was announced (`always` false) or in any case (`always` true).
    private let fold = Mutex<FoldOthers?>(nil)

    /// The fold, in a struct of its own: a function type held directly in the generic `Mutex` is
    /// re-wrapped in a pair of reabstraction thunks on every `withLock` access (its inout is
    /// written back), so each request's call went through one more pair than the last (reads on
    /// the PostgreSQL store fell from 2,600 to 860 req/s in twelve seconds).
    private struct FoldOthers: Sendable {
        let run: @Sendable (_ always: Bool) async -> Void
    }

    public init() {}

    /// Whether a token of `lifter` for `session` (nil: a token without one, e.g. from `wlog serve token`) is honoured.
    func allows(_ lifter: LifterID, session: String?) -> Bool {
        state.withLock { state in
            if state.blocked.contains(lifter) { return false }
            guard let session else { return true }
            return state.live.contains(session)
        }
    }

    /// `allows`, with the other servers' changes: those announced are folded first (a session
    /// signed out on another server is refused as soon as its commit is announced), and a refusal
    /// is asked again after folding in any case (a session begun on another server a moment ago,
    /// or an account enabled there, is honoured at once).
    func allowsAnywhere(_ lifter: LifterID, session: String?) async -> Bool {
        guard let fold = fold.withLock({ $0 }) else { return allows(lifter, session: session) }
        await fold.run(false)
        if allows(lifter, session: session) { return true }
        await fold.run(true)
        return allows(lifter, session: session)
    }

    /// How to fold the other servers' changes (set by a store whose log is shared).
    func foldOthers(with fold: @escaping @Sendable (_ always: Bool) async -> Void) { self.fold.withLock { $0 = FoldOthers(run: fold) } }

    func open(_ session: String) { _ = state.withLock { $0.live.insert(session) } }
    func close(_ session: String) { _ = state.withLock { $0.live.remove(session) } }
    func block(_ lifter: LifterID) { _ = state.withLock { $0.blocked.insert(lifter) } }
    func unblock(_ lifter: LifterID) { _ = state.withLock { $0.blocked.remove(lifter) } }
}
