import Synchronization
import WlogCore

/// A lifter's `WorkoutCatalog`, made by the second read that asks for one at the same sequence
/// (a lifter who reads once after each change, or a cached answer's first computation, pays no
/// more than the state's own query) and kept for the reads after it while the state stays at
/// that sequence.
///
/// The catalog shares the state's storage: the store drops it (`drop()`) before it folds an
/// event into the state, else the fold would copy every set. A catalog of another sequence is
/// never answered from (it is made again), whatever the store forgot.
package final class CatalogCache: Sendable {
    private struct Kept: ~Copyable {
        var seq: UInt64 = 0
        /// Reads that asked at `seq`.
        var asked = 0
        var catalog: WorkoutCatalog?
    }

    private let kept = Mutex(Kept())

    package init() {}

    /// `catalog`'s answer from the catalog of `state` (made now at the second read of its
    /// sequence, then kept), else `plain`'s from the state.
    func answer<R: Sendable>(_ state: WlogState, catalog: (WorkoutCatalog) -> R, plain: () -> R) -> R {
        kept.withLock { kept -> R in
            if kept.seq != state.lastSeq {
                kept.catalog = nil
                kept.seq = state.lastSeq
                kept.asked = 0
            }
            kept.asked += 1
            if let made = kept.catalog { return catalog(made) }
            guard kept.asked > 1 else { return plain() }
            let made = WorkoutCatalog(state)
            kept.catalog = made
            return catalog(made)
        }
    }

    /// Drops the catalog (and its share of the state's storage).
    package func drop() { kept.withLock { $0.catalog = nil } }
}
