import Synchronization
import WlogCore

/// A lifter's `WorkoutCatalog`, made by the first read that asks for it and kept for the reads
/// after it while the state stays at the same sequence.
///
/// The catalog shares the state's storage: the store drops it (`drop()`) before it folds an
/// event into the state, else the fold would copy every set. A catalog of another sequence is
/// never answered from (it is made again), whatever the store forgot.
package final class CatalogCache: Sendable {
    private struct Kept: ~Copyable {
        var seq: UInt64 = 0
        var catalog: WorkoutCatalog?
    }

    private let kept = Mutex(Kept())

    package init() {}

    /// Runs `body` on the catalog of `state`, made now unless the one kept is of its sequence.
    func with<R: Sendable>(_ state: WlogState, _ body: (WorkoutCatalog) -> R) -> R {
        kept.withLock { kept -> R in
            if kept.catalog == nil || kept.seq != state.lastSeq {
                kept.catalog = nil
                kept.catalog = WorkoutCatalog(state)
                kept.seq = state.lastSeq
            }
            guard let catalog = kept.catalog else { return body(WorkoutCatalog(state)) }
            return body(catalog)
        }
    }

    /// Drops the catalog (and its share of the state's storage).
    package func drop() { kept.withLock { $0.catalog = nil } }
}
