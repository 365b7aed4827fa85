import Synchronization

/// Wakes one waiter when a lifter's stream grows: what a change-feed stream waits on between reads.
///
/// `post` records the newest sequence and wakes the waiter; `wait(timeout:)` returns at once when
/// something was posted since the last wait, else at the next post or after `timeout` (so other
/// writers, whose commits this process does not see, are looked for by polling).
public final class ChangeWatch: Sendable {
    private struct State {
        var latest: UInt64 = 0
        var seen: UInt64 = 0
        var waiter: CheckedContinuation<Void, Never>?
        var pendingWake = false
    }

    private let state = Mutex(State())
    private let onCancel: @Sendable () -> Void

    package init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    /// Records that the stream reached `seq` and wakes the waiter.
    package func post(_ seq: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.latest = max(state.latest, seq)
            if state.waiter == nil { state.pendingWake = true }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns the newest posted sequence after the next post, or after `timeout` (nil then).
    public func wait(timeout: Duration) async -> UInt64? {
        let timer = Task { [weak self] in
            // A cancelled timer (the wait ended by a post) must not wake the next wait.
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.wake()
        }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.latest > state.seen || state.pendingWake {
                    state.pendingWake = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
        timer.cancel()
        return state.withLock { state in
            state.pendingWake = false
            defer { state.seen = state.latest }
            return state.latest > state.seen ? state.latest : nil
        }
    }

    /// Stops watching (the store forgets this watch).
    public func cancel() { onCancel() }

    private func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiter == nil { state.pendingWake = true }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
