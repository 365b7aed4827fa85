import Synchronization
import WlogStore

/// Runs database work with a time limit, so that a request during an outage answers 503 instead
/// of hanging: past `limit` the caller gets `StoreError.unavailable` at once and the work is left
/// to end by itself (its outcome unknown: the caller refolds before trusting its state again).
/// The work is not cancelled: a transaction cancelled between its statements could hand its
/// connection back to the pool still open, and the next statement on it would never commit.
/// The limit is kept by `DeadlineTimer` (at most its `tick` late), not by a sleeping task each.
func withDeadline<R: Sendable>(_ limit: Duration, _ what: String,
                               _ work: @escaping @Sendable () async throws -> R) async throws -> R {
    let outcome = Outcome<R>()
    return try await withCheckedThrowingContinuation { continuation in
        outcome.set(continuation)
        Task {
            do { outcome.finish(.success(try await work())) } catch { outcome.finish(.failure(error)) }
        }
        let timer = DeadlineTimer.shared.add(limit) {
            outcome.finish(.failure(StoreError.unavailable("the database did not answer \(what) within \(limit)")))
        }
        outcome.onFinish { DeadlineTimer.shared.remove(timer) }
    }
}

/// The first of the work's result and the timer's expiry, handed to the waiting caller once.
private final class Outcome<R: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<R, any Error>?
        var finished = false
        var cleanup: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    func set(_ continuation: CheckedContinuation<R, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.finished { return true }
            state.cleanup = cleanup
            return false
        }
        if now { cleanup() }
    }

    /// Resumes the caller with `result` unless it was resumed already; true when this call did.
    @discardableResult
    func finish(_ result: Result<R, any Error>) -> Bool {
        let taken = state.withLock { state -> (CheckedContinuation<R, any Error>, (@Sendable () -> Void)?)? in
            guard !state.finished, let continuation = state.continuation else { return nil }
            state.finished = true
            state.continuation = nil
            defer { state.cleanup = nil }
            return (continuation, state.cleanup)
        }
        guard let (continuation, cleanup) = taken else { return false }
        continuation.resume(with: result)
        cleanup?()
        return true
    }
}
