import Dispatch
import Synchronization
import Testing
import WlogSnapshotFile
@testable import WlogStore

/// Waiting for the snapshot queue (`SnapshotWrites.drain()`, what the saves at a stop end with)
/// holds no thread: while a write blocks the queue, 256 drains wait and a task still runs. A
/// `queue.sync` held a thread of the task pool for each drain, so the pool (a thread a core) ran
/// nothing else until the queue moved — here until the gate opens, after 60 s at the latest. The
/// test runs on an executor of one thread of its own (`OneThread`; the tasks it makes prefer it),
/// not on the pool the other tests share: a drain that held a thread holds that one, so the probe
/// cannot run before the gate opens, and nothing else delays it; on the pool, full parallel runs
/// kept the test waiting past the 60 s behind the other tests' work, not behind the drains.
@Suite struct SnapshotDrainTests {
    /// How many drain tasks began, and whether the queue was opened, shared with them.
    final class Progress: Sendable {
        let entered = Atomic<Int>(0)
        let opened = Atomic<Bool>(false)
    }

    /// A task executor whose jobs run one at a time on a serial queue's thread.
    final class OneThread: TaskExecutor {
        private let queue = DispatchQueue(label: "SnapshotDrainTests.OneThread")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    @Test func drainsWaitWithoutHoldingTheTaskPool() async {
        let writes = SnapshotWrites(policy: SnapshotPolicy())
        let gate = DispatchSemaphore(value: 0)
        #expect(writes.submit { gate.wait() })
        let progress = Progress()
        // The whole of it on the one thread, the drains' tasks, the wait for them and the probe.
        let thread = OneThread()
        let ranWhileClosed = await withTaskExecutorPreference(thread) {
            // Opens the queue in any case, so that a failure is a late answer, not a hang; counted
            // from here, on the thread, so that a wait for the shared pool before it never counts.
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
                progress.opened.store(true, ordering: .sequentiallyConsistent)
                gate.signal()
            }
            let drains = (0..<256).map { _ in
                Task(executorPreference: thread) {
                    progress.entered.add(1, ordering: .relaxed)
                    await writes.drain()
                }
            }
            while progress.entered.load(ordering: .relaxed) < drains.count { await Task.yield() }
            let ranWhileClosed = await Task(executorPreference: thread) { !progress.opened.load(ordering: .sequentiallyConsistent) }.value
            gate.signal()
            for drain in drains { await drain.value }
            return ranWhileClosed
        }
        #expect(ranWhileClosed, "a task ran only once the snapshot queue was opened: the drains held the thread")
    }
}
