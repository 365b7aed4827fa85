import Dispatch
import Synchronization
import Testing
import WlogSnapshotFile
@testable import WlogStore

/// Waiting for the snapshot queue (`SnapshotWrites.drain()`, what the saves at a stop end with)
/// holds no thread: while a write blocks the queue, 256 drains wait and a task still runs. A
/// `queue.sync` held a thread of the task pool for each drain, so the pool (a thread a core) ran
/// nothing else until the queue moved — here until the gate opens, after 60 s at the latest. The
/// test asks which came first, the task or the gate, not how long either took: other tests share
/// the pool and may hold it for seconds on a busy machine.
@Suite struct SnapshotDrainTests {
    /// How many drain tasks began, and whether the queue was opened, shared with them.
    final class Progress: Sendable {
        let entered = Atomic<Int>(0)
        let opened = Atomic<Bool>(false)
    }

    @Test func drainsWaitWithoutHoldingTheTaskPool() async {
        let writes = SnapshotWrites(policy: SnapshotPolicy())
        let gate = DispatchSemaphore(value: 0)
        #expect(writes.submit { gate.wait() })
        let progress = Progress()
        // Opens the queue in any case, so that a failure is a late answer, not a hang.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            progress.opened.store(true, ordering: .sequentiallyConsistent)
            gate.signal()
        }
        let drains = (0..<256).map { _ in
            Task {
                progress.entered.add(1, ordering: .relaxed)
                await writes.drain()
            }
        }
        while progress.entered.load(ordering: .relaxed) < drains.count { await Task.yield() }
        let ranWhileClosed = await Task { !progress.opened.load(ordering: .sequentiallyConsistent) }.value
        gate.signal()
        for drain in drains { await drain.value }
        #expect(ranWhileClosed, "a task ran only once the snapshot queue was opened: the drains held the pool")
    }
}
