#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Makes many lifters' commits durable together: one flush of the data directory's whole
/// filesystem (`syncfs(2)`) for every commit written before it started, as PostgreSQL's group
/// commit shares one WAL flush among the commits waiting for it (docs/SERVER-STORAGE.md, "Group flush").
///
/// The contract, in rounds: a commit written, then `round()` read, is on disk once round `round()`
/// is done, because that round's flush starts after the read. One thread runs the rounds back to
/// back while anyone waits, and sleeps otherwise. A flush that fails fails its round's waiters and
/// every later one (`failure`): after a failed writeback the page cache no longer says what the
/// disk holds, so nothing more is acknowledged until the server is restarted and each journal's
/// recovery has run — what PostgreSQL does when a WAL flush fails.
package final class GroupFlush: Sendable {
    /// A waiter: the round it needs, and what to run when that round ends (nil error: durable).
    private struct Waiter {
        let round: UInt64
        let then: @Sendable (StoreError?) -> Void
    }

    private struct Rounds: ~Copyable {
        var started: UInt64 = 0
        /// The last round whose flush succeeded: every commit it covers is on disk.
        var done: UInt64 = 0
        var waiters: [Waiter] = []
        var running = false
        var failure: StoreError?
    }

    private let rounds = Mutex(Rounds())
    private let wake = DispatchSemaphore(value: 0)
    /// The flush of one round: 0 on success, else an `errno` (a seam for fault injection).
    private let flush: @Sendable () -> Int32

    /// Flushes with `flush` on a thread of its own, kept for as long as the process runs (a store
    /// lives that long).
    package init(flush: @escaping @Sendable () -> Int32) {
        self.flush = flush
        DispatchQueue(label: "wlog.store.flush").async { [self] in run() }
    }

    /// `syncfs` of the filesystem holding `folder`, opened once: errors of any writeback on it
    /// after this call are reported by the next flush (Linux 5.8 and later). Nil where the system
    /// has no such call or reports no errors through it; the store then syncs each commit.
    package static func syncingFilesystem(of folder: String) -> GroupFlush? {
        #if os(Linux)
        // Glibc declares `syncfs` only under _GNU_SOURCE, which Swift's Glibc module leaves out.
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard kernelReportsSyncfsErrors(), let symbol = dlsym(dlopen(nil, RTLD_NOW), "syncfs") else { return nil }
        let syncfs = unsafeBitCast(symbol, to: SyncFS.self)
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        // `syncfs` writes the last metadata (sizes, block maps) after its device flush on a
        // filesystem that keeps them in the block device's cache (ext4 without a journal), so a
        // second flush follows it: `fdatasync` of any file issues one there.
        return GroupFlush { syncfs(fd) == 0 && fdatasync(fd) == 0 ? 0 : errno }
        #else
        return nil
        #endif
    }

    /// The round a commit written before this call needs.
    package func round() -> UInt64 { rounds.withLock { $0.started + 1 } }

    /// The last round done (its flush succeeded).
    var done: UInt64 { rounds.withLock { $0.done } }

    /// Why nothing more is acknowledged, once a flush failed.
    var failure: StoreError? { rounds.withLock { $0.failure } }

    /// Runs `then` once `round` is done (at once when it is already), with the failure if the
    /// flush failed.
    package func whenDone(_ round: UInt64, then: @escaping @Sendable (StoreError?) -> Void) {
        enum Next { case now(StoreError?), wait, start }
        let next = rounds.withLock { state -> Next in
            if round <= state.done { return .now(nil) }
            if let failure = state.failure { return .now(failure) }
            state.waiters.append(Waiter(round: round, then: then))
            if state.running { return .wait }
            state.running = true
            return .start
        }
        switch next {
        case .now(let failure): then(failure)
        case .wait: break
        case .start: wake.signal()
        }
    }

    /// The flushing thread: rounds back to back while anyone waits.
    private func run() {
        while true {
            wake.wait()
            while let round = rounds.withLock({ state -> UInt64? in
                guard !state.waiters.isEmpty else { state.running = false; return nil }
                state.started += 1
                return state.started
            }) {
                let status = flush()
                let finished = rounds.withLock { state -> (waiters: [Waiter], failure: StoreError?) in
                    if status != 0, state.failure == nil {
                        state.failure = .unavailable("the data folder's filesystem could not be flushed to disk (errno \(status)); "
                            + "no write is acknowledged until the server is restarted and the disk checked")
                    }
                    if let failure = state.failure {
                        defer { state.waiters = [] }
                        return (state.waiters, failure)
                    }
                    state.done = round
                    var ready: [Waiter] = []
                    state.waiters.removeAll { waiter in
                        guard waiter.round <= round else { return false }
                        ready.append(waiter)
                        return true
                    }
                    return (ready, nil)
                }
                for waiter in finished.waiters { waiter.then(finished.failure) }
            }
        }
    }

    #if os(Linux)
    /// Whether `syncfs` reports writeback errors: Linux 5.8 and later.
    private static func kernelReportsSyncfsErrors() -> Bool {
        var name = utsname()
        guard uname(&name) == 0 else { return false }
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return (parts[0], parts[1]) >= (5, 8)
    }
    #endif
}

extension JournalStore.CommitFlush {
    /// `wlog serve`'s default (`--flush`): `group`, which the store runs as `each` where `syncfs`
    /// does not report writeback errors (before Linux 5.8, other systems). Many lifters' commits
    /// share one flush as PostgreSQL's share a WAL flush (docs/SERVER-STORAGE.md, "Group flush").
    public static let serverDefault = Self.group
}
