import Synchronization

/// The change watches of a store's lifters: handed out by `LifterStore.changes`, posted when a
/// lifter's stream grows.
package final class ChangeWatchers: Sendable {
    private let table = Mutex<[LifterID: [Int: ChangeWatch]]>([:])
    private let ids = Atomic<Int>(0)

    package init() {}

    /// A new watch of `lifter`'s stream; cancelling it forgets it.
    package func watch(_ lifter: LifterID) -> ChangeWatch {
        let id = ids.add(1, ordering: .relaxed).newValue
        let watch = ChangeWatch { [weak self] in
            self?.table.withLock { table in
                table[lifter]?[id] = nil
                if table[lifter]?.isEmpty == true { table[lifter] = nil }
            }
        }
        table.withLock { $0[lifter, default: [:]][id] = watch }
        return watch
    }

    /// Tells `lifter`'s watches that the stream reached `seq`.
    package func post(_ lifter: LifterID, _ seq: UInt64) {
        let watches = table.withLock { Array(($0[lifter] ?? [:]).values) }
        for watch in watches { watch.post(seq) }
    }
}
