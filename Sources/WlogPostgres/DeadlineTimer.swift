import Synchronization

/// The pending deadlines of the process, checked by one task that wakes every `tick` while any
/// is pending (and sleeps for good when none is). A sleeping task per database call instead
/// left a dispatch timer behind each (a sleep cancelled still fires at its time): with the
/// dispatch manager's thread that served them, 7–8 % of the server's CPU under durable POSTs
/// (docs/PERFORMANCE-POSTGRES.md, "A write's statements and the listeners' wake-ups").
final class DeadlineTimer: Sendable {
    static let shared = DeadlineTimer()
    /// How late a deadline may be noticed.
    static let tick: Duration = .milliseconds(50)

    private struct Pending {
        let at: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }
    private struct State {
        var pending: [UInt64: Pending] = [:]
        var last: UInt64 = 0
        var sweeping = false
    }
    private let state = Mutex(State())

    /// Calls `expire` once `limit` has passed, unless `remove`d first; the id to remove it by.
    func add(_ limit: Duration, _ expire: @escaping @Sendable () -> Void) -> UInt64 {
        let at = ContinuousClock.now + limit
        let (id, start) = state.withLock { state -> (UInt64, Bool) in
            state.last += 1
            state.pending[state.last] = Pending(at: at, expire: expire)
            defer { state.sweeping = true }
            return (state.last, !state.sweeping)
        }
        if start { Task { await self.sweep() } }
        return id
    }

    /// The deadlines pending and whether the sweep runs (for a test that waited too long).
    var summary: String { state.withLock { "\($0.pending.count) deadlines pending, sweeping \($0.sweeping)" } }

    func remove(_ id: UInt64) {
        _ = state.withLock { $0.pending.removeValue(forKey: id) }
    }

    private func sweep() async {
        while true {
            try? await Task.sleep(for: Self.tick)
            let now = ContinuousClock.now
            let due = state.withLock { state -> [@Sendable () -> Void]? in
                guard !state.pending.isEmpty else {
                    state.sweeping = false
                    return nil
                }
                let ids = state.pending.compactMap { $0.value.at <= now ? $0.key : nil }
                return ids.compactMap { state.pending.removeValue(forKey: $0)?.expire }
            }
            guard let due else { return }
            for expire in due { expire() }
        }
    }
}
