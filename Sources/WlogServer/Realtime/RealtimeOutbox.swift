import Synchronization

/// The messages waiting to be written to one connection, at most `limit`: a client that falls
/// that far behind is disconnected (`overflowed`) rather than holding the server's memory.
final class RealtimeOutbox: Sendable {
    /// A message to write.
    enum Item: Sendable {
        /// A frame already written out.
        case text(String)
        /// A change for a channel, written once its token is checked again.
        case change(topic: String, ids: [Int], data: [UInt8])
    }

    private struct State {
        var items: [Item] = []
        var head = 0
        var waiter: CheckedContinuation<Item?, Never>?
        var closed = false
        var overflowed = false
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    /// Queues `item`; false (and the outbox closes) when `limit` items already wait.
    @discardableResult
    func push(_ item: Item) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Item?, Never>?) in
            guard !state.closed else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, waiter)
            }
            guard state.items.count - state.head < limit else {
                state.overflowed = true
                state.closed = true
                return (false, nil)
            }
            state.items.append(item)
            return (true, nil)
        }
        if let waiter { waiter.resume(returning: item) }
        if !accepted { wakeClosed() }
        return accepted
    }

    /// The next item, waiting for one; nil once closed (the items left are dropped).
    func next() async -> Item? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Item?? in
                if state.closed { return .some(nil) }
                guard state.head < state.items.count else {
                    state.waiter = continuation
                    return nil
                }
                let item = state.items[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.items.count {
                    state.items.removeFirst(state.head)
                    state.head = 0
                }
                return .some(item)
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Whether the outbox closed because the client fell behind.
    var overflowed: Bool { state.withLock { $0.overflowed } }
    /// How many items wait.
    var count: Int { state.withLock { $0.items.count - $0.head } }

    /// Closes the outbox: `next` answers nil from now on.
    func close() {
        state.withLock { $0.closed = true }
        wakeClosed()
    }

    private func wakeClosed() {
        let waiter = state.withLock { state -> CheckedContinuation<Item?, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
