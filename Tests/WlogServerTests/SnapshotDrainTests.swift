import Dispatch
import Synchronization
import Testing
import WlogSnapshotFile
@testable import WlogStore

/// Waiting for the snapshot queue (`SnapshotWrites.drain()`, what the saves at a stop end with)
/// holds no thread: while a write blocks the queue, 256 drains wait and a task still runs. A
/// `queue.sync` held a thread of the task pool for each drain, so the pool (a thread a core) ran
/// nothing else until the queue moved — here until the gate opens after 5 s.
@Suite struct SnapshotDrainTests {
    /// How many drain tasks began, shared with them.
    final class Entered: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test func drainsWaitWithoutHoldingTheTaskPool() async {
        let writes = SnapshotWrites(policy: SnapshotPolicy())
        let gate = DispatchSemaphore(value: 0)
        #expect(writes.submit { gate.wait() })
        // Opens the queue in any case, so that a failure is a late answer, not a hang.
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { gate.signal() }
        let started = ContinuousClock.now
        let entered = Entered()
        let drains = (0..<256).map { _ in
            Task {
                entered.count.add(1, ordering: .relaxed)
                await writes.drain()
            }
        }
        while entered.count.load(ordering: .relaxed) < drains.count { await Task.yield() }
        let answer = await Task { 42 }.value
        let waited = ContinuousClock.now - started
        gate.signal()
        for drain in drains { await drain.value }
        #expect(answer == 42)
        #expect(waited < .seconds(4), "a task ran \(waited) after the drains began: they held the pool")
    }
}
