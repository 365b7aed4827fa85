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
///
/// Beside the catalog it keeps what a caller made of each workout listed at that sequence
/// (`historyItems`: the API's list item, rendered), dropped with it.
package final class CatalogCache: Sendable {
    private struct Kept: ~Copyable {
        var seq: UInt64 = 0
        /// Reads that asked at `seq`.
        var asked = 0
        var catalog: WorkoutCatalog?
        /// The events of the state `catalog` was made from.
        var events = 0
        /// What callers made of a workout at `seq`, by the made value's type and the workout.
        var made: [Made: any Sendable] = [:]

        /// The catalog of `state` for one more read: made now at the second read of its sequence,
        /// then kept; nil at the first (a sequence read once is answered from the state). Forgets
        /// everything of an older sequence first.
        mutating func catalog(for state: WlogState) -> WorkoutCatalog? {
            if seq != state.lastSeq {
                catalog = nil
                made = [:]
                seq = state.lastSeq
                asked = 0
            }
            asked += 1
            if catalog == nil, asked > 1 {
                catalog = WorkoutCatalog(state)
                events = state.eventCount
            }
            return catalog
        }
    }

    private struct Made: Hashable {
        let type: ObjectIdentifier
        let workout: WorkoutKey
    }

    private let kept = Mutex(Kept())

    package init() {}

    /// `catalog`'s answer from the catalog of `state` (made now at the second read of its
    /// sequence, then kept), else `plain`'s from the state.
    func answer<R: Sendable>(_ state: WlogState, catalog: (WorkoutCatalog) -> R, plain: () -> R) -> R {
        kept.withLock { kept -> R in
            guard let made = kept.catalog(for: state) else { return plain() }
            return catalog(made)
        }
    }

    /// The workouts of `history(filter)` as `item` makes each from its summary, and how many
    /// matched: from the catalog when it is kept (or made now, at the second read of the
    /// sequence), each workout's item made once and kept beside it — a page read again costs no
    /// summary — else from the state's own `history`. `item` must depend on the summary and the
    /// state only (not on the time or the request).
    func historyItems<T: Sendable>(_ state: WlogState, _ filter: HistoryFilter, context: QueryContext,
                                   item: (WorkoutSummary) throws -> T) rethrows -> (items: [T], total: Int) {
        try kept.withLock { kept -> (items: [T], total: Int) in
            guard let catalog = kept.catalog(for: state) else {
                let page = state.history(filter, context: context)
                return (try page.workouts.map(item), page.total)
            }
            let (keys, total) = catalog.historyKeys(filter)
            var items: [T] = []
            items.reserveCapacity(keys.count)
            for key in keys {
                let made = Made(type: ObjectIdentifier(T.self), workout: key)
                if let known = kept.made[made] as? T {
                    items.append(known)
                } else if let summary = catalog.workoutSummary(key, context: context) {
                    let value = try item(summary)
                    kept.made[made] = value
                    items.append(value)
                }
            }
            return (items, total)
        }
    }

    /// The estimated bytes it keeps (`StateMemory.catalogBytes`): the catalog, the summaries it
    /// made and the items kept beside them; 0 when it keeps no catalog.
    package var bytes: Int {
        kept.withLock { kept in
            guard let catalog = kept.catalog else { return 0 }
            return StateMemory.catalogBytes(events: kept.events, summaries: catalog.summariesHeld, items: kept.made.count)
        }
    }

    /// Drops the catalog (and its share of the state's storage) and what was kept beside it.
    package func drop() {
        kept.withLock {
            $0.catalog = nil
            $0.made = [:]
        }
    }
}
