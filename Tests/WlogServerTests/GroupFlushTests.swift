import Foundation
import Synchronization
import Testing
import WlogCore
import WlogStore

/// The store's group flush (`JournalStore.CommitFlush.group`, docs/SERVER-STORAGE.md "Group flush"): no
/// answer before a flush that started after its commit was written, and after a failed flush no
/// write acknowledged again.
@Suite struct GroupFlushTests {
    /// A store whose flush is `flush`, under a temp folder.
    struct Fixture {
        let root = NSTemporaryDirectory() + "wlog-group-flush-tests-" + UUID().uuidString
        let store: JournalStore

        init(flush: @escaping @Sendable () -> Int32) throws {
            store = try JournalStore(root: root, groupFlush: flush)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }

        func size(_ lifter: LifterID) -> Int64 {
            var info = stat()
            return stat(store.journalPath(of: lifter), &info) == 0 ? Int64(info.st_size) : -1
        }
    }

    /// Where the journals stood each time a flush started: what that flush covers.
    final class Flushes: Sendable {
        let sizes = Mutex<[[Int64]]>([])
        let failFrom = Atomic<Int>(Int.max)
    }

    @Test func aWriteIsAnsweredOnlyAfterAFlushThatStartedOnceItWasWritten() async throws {
        let flushes = Flushes()
        let lifters = (1...4).map(StoreTests.lifter)
        let fixtureBox = Mutex<Fixture?>(nil)
        let fixture = try Fixture {
            let sizes = fixtureBox.withLock { fixture in lifters.map { fixture?.size($0) ?? -1 } }
            flushes.sizes.withLock { $0.append(sizes) }
            return 0
        }
        fixtureBox.withLock { $0 = fixture }
        defer { fixture.remove() }
        for round in 0..<3 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, lifter) in lifters.enumerated() {
                    group.addTask {
                        try await StoreTests.logSets(fixture.store, lifter, reps: round + 1)
                        // Answered: some flush started with this lifter's journal at least this long.
                        let size = fixture.size(lifter)
                        let covered = flushes.sizes.withLock { $0.map { $0[index] }.max() ?? -1 }
                        #expect(covered >= size, "lifter \(index) answered at \(size) bytes; flushes saw at most \(covered)")
                    }
                }
                try await group.waitForAll()
            }
        }
        // A read after the writes waits for nothing more, and sees every set.
        for lifter in lifters { #expect(try await StoreTests.summary(fixture.store, lifter) == [3, 3, 6]) }
        #expect(fixture.store.commitFlush == .group)
    }

    @Test func aFailedFlushFailsItsWritesAndEveryLaterOneWhileFlushedLiftersStayReadable() async throws {
        let flushes = Flushes()
        let calls = Atomic<Int>(0)
        let fixture = try Fixture {
            let call = calls.add(1, ordering: .relaxed).newValue
            return call >= flushes.failFrom.load(ordering: .relaxed) ? EIO : 0
        }
        defer { fixture.remove() }
        let flushed = StoreTests.lifter(1), unflushed = StoreTests.lifter(2)
        try await StoreTests.logSets(fixture.store, flushed, reps: 5)
        flushes.failFrom.store(calls.load(ordering: .relaxed) + 1, ordering: .relaxed)

        await #expect(throws: StoreError.self) { try await StoreTests.logSets(fixture.store, unflushed, reps: 3) }
        do {
            try await StoreTests.logSets(fixture.store, unflushed, reps: 3)
            Issue.record("a write after a failed flush was acknowledged")
        } catch let error as StoreError {
            guard case .unavailable(let reason) = error else { throw error }
            #expect(reason.contains("errno \(EIO)") && reason.contains("restarted"))
        }
        await #expect(throws: StoreError.self) { try await StoreTests.logSets(fixture.store, flushed, reps: 4) }
        // The lifter whose last commit was flushed is read as before; the other's read would show
        // a commit that may not be on disk, so it is refused.
        #expect(try await StoreTests.summary(fixture.store, flushed) == [1, 1, 5])
        await #expect(throws: StoreError.self) { try await StoreTests.summary(fixture.store, unflushed) }
        // Nor is a page kept from such a read given from the request's own thread the second time.
        for _ in 0..<2 {
            await #expect(throws: StoreError.self) {
                try await fixture.store.read(unflushed, cacheKey: "sets") { view in view.state.liveSets.count }
            }
        }
    }

    /// The real flush (`syncfs` of the data folder's filesystem): what the store answered is in
    /// the journal, which `wlog verify` passes.
    @Test func theFilesystemFlushKeepsTheJournalWhole() async throws {
        let root = NSTemporaryDirectory() + "wlog-group-flush-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try JournalStore(root: root, flush: .group)
        #if os(Linux)
        #expect(store.commitFlush == .group)
        #endif
        let lifter = StoreTests.lifter(9)
        #expect(try await StoreTests.logSets(store, lifter, reps: 8, count: 3) == 3)
        let verify = try await ServerHarness.wlog(["--journal", store.journalPath(of: lifter), "verify"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("events      3\n"), "\(verify.stdout)")
    }
}
