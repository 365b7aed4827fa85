import Synchronization

/// Open connections per client address, shared by every connection's ``ConnectionGuard``.
/// An address is forgotten when its last connection closes, so memory follows open connections.
final class AddressCounts: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    init() {}

    /// Counts one more connection from `address` unless it holds `cap` already (0: no cap).
    func open(_ address: String, cap: Int) -> Bool {
        counts.withLock { counts in
            let held = counts[address, default: 0]
            guard cap == 0 || held < cap else { return false }
            counts[address] = held + 1
            return true
        }
    }

    /// One connection from `address` closed.
    func close(_ address: String) {
        counts.withLock { counts in
            let held = counts[address, default: 0] - 1
            counts[address] = held > 0 ? held : nil
        }
    }

    /// Connections open from `address`.
    func held(_ address: String) -> Int {
        counts.withLock { $0[address, default: 0] }
    }
}
