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
/// Beside the catalog it keeps what a caller made of one workout at that sequence (`kept`: the
/// API's list item, rendered), dropped with it.
package final class CatalogCache: Sendable {
    private struct Kept: ~Copyable {
        var seq: UInt64 = 0
        /// Reads that asked at `seq`.
        var asked = 0
        var catalog: WorkoutCatalog?
        /// What callers made of a workout at `seq`, by the made value's type and the workout.
        var made: [Made: any Sendable] = [:]

        /// Forgets everything of `seq` when the state moved on from it.
        mutating func follow(_ lastSeq: UInt64) {
            guard seq != lastSeq else { return }
            catalog = nil
            made = [:]
            seq = lastSeq
            asked = 0
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
            kept.follow(state.lastSeq)
            kept.asked += 1
            if let made = kept.catalog { return catalog(made) }
            guard kept.asked > 1 else { return plain() }
            let made = WorkoutCatalog(state)
            kept.catalog = made
            return catalog(made)
        }
    }

    /// `make`'s value for `workout` at the state's sequence `lastSeq`: made once and kept while a
    /// catalog of that sequence is kept (the reads that repeat), else made every time. `make`
    /// must depend on the state (and `workout`) only.
    func kept<T: Sendable>(_ workout: WorkoutKey, lastSeq: UInt64, _ make: () throws -> T) rethrows -> T {
        try kept.withLock { kept -> T in
            kept.follow(lastSeq)
            guard kept.catalog != nil else { return try make() }
            let key = Made(type: ObjectIdentifier(T.self), workout: workout)
            if let known = kept.made[key] as? T { return known }
            let made = try make()
            kept.made[key] = made
            return made
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
