import Synchronization

/// A lock held across suspension points (a lifter's decide → insert → fold), waiters served in turn.
package final class AsyncLock: Sendable {
    package init() {}
    private struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits until the lock is free and takes it.
    package func lock() async {
        // Free (a lifter's reads, mostly): taken without suspending.
        if tryLock() { return }
        await withCheckedContinuation { continuation in
            let taken = state.withLock { state -> Bool in
                guard state.held else {
                    state.held = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if taken { continuation.resume() }
        }
    }

    /// Takes the lock when free; false (without waiting) when held.
    package func tryLock() -> Bool {
        state.withLock { state in
            guard !state.held else { return false }
            state.held = true
            return true
        }
    }

    /// Hands the lock to the next waiter, or frees it.
    package func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }

    /// Runs `body` holding the lock.
    package func withLock<R>(_ body: () async throws -> R) async throws -> R {
        await lock()
        defer { unlock() }
        return try await body()
    }
}
