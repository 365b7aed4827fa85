import Foundation
import Logging
import Synchronization
import WlogCore
import WlogSnapshotFile
import WlogStore

/// When the PostgreSQL store reads and writes its lifters' snapshots (`SnapshotTable`,
/// docs/SERVER-POSTGRES.md "Snapshots"), by the embedded store's rules (`SnapshotPolicy`, `SnapshotWrites`):
/// - a lifter folded from the start loads its snapshot row, and folds only the rows after it
///   when the row proves it describes the stream (else from the first row, the refusal logged
///   once per lifter);
/// - a held lifter more than the policy's threshold past its snapshot (or its first row) is saved
///   after the request that found it so: a task of its own takes the lifter's lock, encodes the
///   state in place and writes the row;
/// - a lifter dropped by the memory bound more than `SnapshotWrites.evictionMinimum` rows past its
///   snapshot hands its state to a task that encodes and writes it.
/// - as the server stops, each held lifter more than `SnapshotWrites.stopMinimum` rows past its
///   snapshot is saved, within `SnapshotWrites.stopBudget` (`saveForStop`).
/// At most `SnapshotWrites.maxPending` writes run at once while serving; past that one is skipped (a
/// cache: the next threshold or eviction writes it). No write is in an event's transaction or a
/// request's path.
package final class PostgresSnapshots: Sendable {
    /// When snapshots are read and written (`WLOG_SNAPSHOT`, `WLOG_SNAPSHOT_EVENTS` by default).
    package var policy: SnapshotPolicy {
        SnapshotPolicy(enabled: enabled.load(ordering: .relaxed), threshold: threshold.load(ordering: .relaxed))
    }
    // Atomics, not a lock: every request reads them (`refresh`).
    private let enabled: Atomic<Bool>
    private let threshold: Atomic<UInt64>
    private let writes = Mutex<(next: Int, running: [Int: Task<Void, Never>])>((0, [:]))
    private let resumes = Atomic<Int>(0)
    private let folded = Atomic<Int>(0)
    private let refused = Mutex<Set<LifterID>>([])

    init(policy: SnapshotPolicy = SnapshotPolicy(environment: ProcessInfo.processInfo.environment)) {
        enabled = Atomic(policy.enabled)
        threshold = Atomic(policy.threshold)
    }

    /// Uses `policy` from now on (the tests' seam: a small threshold, or off).
    package func use(_ policy: SnapshotPolicy) {
        enabled.store(policy.enabled, ordering: .relaxed)
        threshold.store(policy.threshold, ordering: .relaxed)
    }

    /// Reads and writes snapshots (`enabled`) after `threshold` rows from now on.
    package func use(enabled: Bool, threshold: UInt64) { use(SnapshotPolicy(enabled: enabled, threshold: threshold)) }

    /// Cold loads that started from a snapshot row.
    package var resumed: Int { resumes.load(ordering: .relaxed) }
    /// Rows folded into states since the store started (from the first row or after a snapshot).
    package var rowsFolded: Int { folded.load(ordering: .relaxed) }

    func noteFolded(_ rows: UInt64) { folded.add(Int(clamping: rows), ordering: .relaxed) }

    /// The lifter's state from its snapshot row, when snapshots are on and the row proves it
    /// describes the stream (`SnapshotTable.state(of:lifter:)`); nil otherwise. Throws what the
    /// database call throws (`PostgresStore.database`): a database that does not answer this
    /// would not answer the fold from the first row either, so the request fails after one
    /// call's limit, not two.
    func resume(_ slot: PostgresLifter, store: PostgresStore) async throws -> WlogState? {
        // A state loaded afresh: what it was saved or tried at is known again only from its row.
        slot.savedThrough.store(0, ordering: .relaxed)
        slot.triedThrough.store(0, ordering: .relaxed)
        guard policy.enabled else { return nil }
        let lifter = slot.lifter
        let loaded = try await store.database("loading lifter \(lifter)'s snapshot") { [client = store.client] in
            try await SnapshotTable.load(lifter, run: { try await client.query($0) })
        }
        guard let row = loaded else { return nil }
        switch SnapshotTable.state(of: row, lifter: lifter) {
        case .holds(let state):
            slot.savedThrough.store(state.lastSeq, ordering: .relaxed)
            resumes.add(1, ordering: .relaxed)
            return state
        case .refused(let why):
            if refused.withLock({ $0.insert(lifter).inserted }) {
                store.logger.notice("lifter's snapshot row not used; folding from the first event",
                                    metadata: ["lifter": "\(lifter)", "reason": "\(why)"])
            }
            return nil
        }
    }

    /// Under the lifter's lock: when its state is more than the threshold past its snapshot,
    /// saves it after this request (a task waits for the lock, encodes the state in place, writes).
    func refresh(_ slot: PostgresLifter, store: PostgresStore) {
        let policy = self.policy
        guard policy.enabled, let last = slot.state?.lastSeq else { return }
        let saved = slot.savedThrough.load(ordering: .relaxed)
        guard last >= saved, policy.wantsSnapshot(ahead: last &- max(saved, slot.triedThrough.load(ordering: .relaxed))),
              hasRoom else { return }
        slot.triedThrough.store(last, ordering: .relaxed)
        spawn { [lifter = slot.lifter] in
            let encoded = try? await slot.lock.withLock { slot.encodeSnapshot { SnapshotTable.stamp(lifter, lastSeq: $0) } }
            guard let encoded = encoded ?? nil else { return }
            await self.save(encoded.bytes, position: encoded.position, slot: slot, store: store)
        }
    }

    /// At unload, under the lifter's lock: hands `state` to a task that saves it, when it is more
    /// than `SnapshotWrites.evictionMinimum` rows past its snapshot.
    func unloading(_ slot: PostgresLifter, _ state: WlogState, store: PostgresStore) {
        guard policy.enabled, state.lastSeq > slot.savedThrough.load(ordering: .relaxed) + SnapshotWrites.evictionMinimum else { return }
        spawn { [lifter = slot.lifter] in
            var state = state
            let bytes = JournalSnapshot.encode(&state, stamp: SnapshotTable.stamp(lifter, lastSeq: state.lastSeq))
            await self.save(bytes, position: state.lastSeq, slot: slot, store: store)
        }
    }

    /// As the server stops (`SnapshotWrites.saveAtStop`): saves the lifter's state under its lock
    /// when it is more than `SnapshotWrites.stopMinimum` rows past its snapshot row; whether it did.
    /// The next start then loads the lifter without folding those rows again.
    func saveForStop(_ slot: PostgresLifter, store: PostgresStore) async -> Bool {
        guard policy.enabled else { return false }
        let lifter = slot.lifter, minimum = slot.savedThrough.load(ordering: .relaxed) + SnapshotWrites.stopMinimum
        let encoded = try? await slot.lock.withLock {
            (slot.state?.lastSeq ?? 0) > minimum
                ? slot.encodeSnapshot { SnapshotTable.stamp(lifter, lastSeq: $0) } : nil
        }
        guard let encoded = encoded ?? nil else { return false }
        return await save(encoded.bytes, position: encoded.position, slot: slot, store: store)
    }

    /// Whether a write started now would run (not past `SnapshotWrites.maxPending`).
    private var hasRoom: Bool { writes.withLock { $0.running.count < SnapshotWrites.maxPending } }

    /// Returns once every write started before the call has finished.
    package func drain() async {
        for task in writes.withLock({ Array($0.running.values) }) { await task.value }
    }

    /// Writes the row; false when the database refused or did not answer (logged at debug: a
    /// snapshot is a cache, the next threshold, eviction or stop writes it).
    @discardableResult
    private func save(_ bytes: [UInt8], position: UInt64, slot: PostgresLifter, store: PostgresStore) async -> Bool {
        let lifter = slot.lifter
        do {
            try await store.database("saving lifter \(lifter)'s snapshot") { [client = store.client] in
                try await SnapshotTable.save(bytes, position: position, lifter: lifter, run: { try await client.query($0) })
            }
            slot.savedThrough.storeMax(position)
            return true
        } catch {
            store.logger.debug("saving a snapshot failed", metadata: ["lifter": "\(lifter)", "error": "\(error)"])
            return false
        }
    }

    /// Runs `work` as a task of its own unless `SnapshotWrites.maxPending` run already.
    private func spawn(_ work: @escaping @Sendable () async -> Void) {
        writes.withLock { writes in
            guard writes.running.count < SnapshotWrites.maxPending else { return }
            let id = writes.next
            writes.next += 1
            writes.running[id] = Task {
                await work()
                _ = self.writes.withLock { $0.running.removeValue(forKey: id) }
            }
        }
    }
}
