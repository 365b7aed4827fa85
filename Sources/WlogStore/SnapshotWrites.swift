import Dispatch
import Synchronization
import WlogSnapshotFile

/// The embedded store's snapshot writes (docs/SERVER-STORAGE.md, "Snapshots"): on one background queue of
/// their own, so that no request waits for a snapshot to be encoded or written, and at most
/// `maxPending` waiting at once — a state handed over at eviction is held until it is written, so
/// past that a snapshot is skipped (it is a cache; the next eviction or threshold writes it).
package final class SnapshotWrites: Sendable {
    /// When snapshots are read and written.
    package let policy: SnapshotPolicy
    /// Writes waiting or running, at most.
    package static let maxPending = 4
    /// A state unloaded more than this many events past its snapshot (or its first event, without
    /// one) is saved as it goes: below it, folding the tail again costs less than a millisecond.
    package static let evictionMinimum: UInt64 = 256
    /// As the server stops, a held state more than this many events past its snapshot is saved
    /// (`LifterStore.saveForStop()`): off the request path, so nearly every state that moved is,
    /// and the next start folds at most this many events a lifter after its snapshot.
    package static let stopMinimum: UInt64 = 32
    /// How long the saves at a stop may take in all: past it the rest are left (a cache: they
    /// load from their older snapshot and the events after it). Well inside a service manager's
    /// stop timeout (systemd's default: 90 s).
    package static let stopBudget: Duration = .seconds(10)

    private let queue = DispatchQueue(label: "wlog.store.snapshots", qos: .utility)
    private let pending = Atomic<Int>(0)
    private let resumes = Atomic<Int>(0)

    /// How many cold loads started from a snapshot (the rest folded from the first event).
    package var resumed: Int { resumes.load(ordering: .relaxed) }

    /// Counts a cold load that started from a snapshot.
    func noteResumed() { resumes.add(1, ordering: .relaxed) }

    package init(policy: SnapshotPolicy) {
        self.policy = policy
    }

    /// The saves at a stop (`LifterStore.saveForStop()`): `save` for each lifter, one after
    /// another, until `stopBudget` has passed; how many it saved.
    package static func saveAtStop<Lifter>(_ lifters: [Lifter], _ save: (Lifter) async -> Bool) async -> Int {
        let deadline = ContinuousClock.now + stopBudget
        var saved = 0
        for lifter in lifters where ContinuousClock.now < deadline {
            if await save(lifter) { saved += 1 }
        }
        return saved
    }

    /// Whether a write submitted now would be taken (not past `maxPending`).
    var hasRoom: Bool { policy.enabled && pending.load(ordering: .relaxed) < Self.maxPending }

    /// Runs `work` on the snapshot queue unless `maxPending` writes wait already; false when skipped.
    @discardableResult
    func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard policy.enabled else { return false }
        guard pending.add(1, ordering: .relaxed).newValue <= Self.maxPending else {
            pending.subtract(1, ordering: .relaxed)
            return false
        }
        queue.async { [self] in
            work()
            pending.subtract(1, ordering: .relaxed)
        }
        return true
    }

    /// Returns once every write submitted before the call has finished, without holding a thread
    /// meanwhile (the saves at a stop wait here while the snapshots of every lifter are written:
    /// a `queue.sync` held one of the task pool's threads, two on a 2-core machine, as long).
    package func drain() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in queue.async { done.resume() } }
    }
}
