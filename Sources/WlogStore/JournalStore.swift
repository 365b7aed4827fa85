#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization
import WlogCore
import WlogJournal
import WlogSnapshotFile

/// The embedded store: one ordinary wlog journal per lifter, `DATA/users/<uuid>/journal.wlog`.
///
/// The files are the CLI's (same format, lock, recovery): `wlog --journal …/journal.wlog history`
/// and `lz4 -dc … | jq` read what the server wrote, and the server folds in what the CLI
/// appended. Journal work blocks on disk (`fdatasync`), so it runs on the store's own threads,
/// never on the server's event loops or Swift's cooperative pool; only an answer kept at hand is
/// given on the caller's thread, after one `stat`. States are kept in memory up to `memoryLimit`
/// bytes (as `StateMemory` estimates them); past it the least recently used lifters are dropped,
/// saved first as the CLI's snapshot beside the journal, and loaded again from that snapshot and
/// the events after it when next asked for (`LifterJournal+Snapshot`, docs/SERVER-STORAGE.md, "Snapshots");
/// a dropped lifter's kept answers stay, in the same bound, and are given again while its journal
/// is unchanged (`LifterJournal+KeptAnswers`).
public final class JournalStore: LifterStore {
    /// Where the lifters' folders are: `root/users/<uuid>/`.
    public let root: String
    /// The memory the folded states may take, in bytes.
    public let memoryLimit: Int
    /// The device name that keys the ids this server mints (docs/EVENTS.md).
    let device: String
    private let lifters = Mutex<[LifterID: LifterJournal]>([:])
    private let clock = Atomic<UInt64>(0)
    /// Serial queues, one lifter always on the same: each busy queue has a thread of its own, so
    /// one lifter's `fdatasync` never holds up another's (a concurrent queue runs on as many
    /// threads as there are cores, and a thread blocked on the disk still counts as one).
    private let queues = (0..<JournalStore.queueCount).map { DispatchQueue(label: "wlog.store.\($0)") }
    /// Journal operations in flight at once, at most.
    static let queueCount = 64
    private let watchers = ChangeWatchers()
    /// The writers kept open between writes (`LifterJournal`).
    private let writers = WriterBudget.fromFileLimit()
    /// The estimated bytes held, as last counted (between trims it only grows until `trim` counts again).
    private let held = Atomic<Int>(0)
    /// One flush of the data directory's filesystem for many commits, when the store groups them.
    private let groupFlush: GroupFlush?
    /// The snapshot writes (`SnapshotWrites`), on their own queue.
    package let snapshots: SnapshotWrites

    /// How commits reach the disk before they are acknowledged.
    public enum CommitFlush: String, Sendable, CaseIterable {
        /// Each commit `fdatasync`ed by its own journal's writer, as the CLI does.
        case each
        /// Commits written, then made durable together by one `syncfs` of the data directory's
        /// filesystem (Linux 5.8 and later; elsewhere `each`): docs/SERVER-STORAGE.md, "Group flush".
        case group
    }

    /// How this store makes commits durable (`group` asked where it is unavailable is `each`).
    /// `wlog serve`'s default is `CommitFlush.serverDefault`.
    public let commitFlush: CommitFlush

    /// A store under `root` (created 0700 when missing) holding at most `memoryLimit` bytes of state.
    public convenience init(root: String, memoryLimit: Int = 256 << 20, device: String = "server", flush: CommitFlush = .each) throws {
        try self.init(root: root, memoryLimit: memoryLimit, device: device) { users in
            flush == .group ? GroupFlush.syncingFilesystem(of: users) : nil
        }
    }

    /// A store whose group flush is `flush` (0 or an `errno`): the seam of the flush-failure tests.
    package convenience init(root: String, groupFlush flush: @escaping @Sendable () -> Int32) throws {
        try self.init(root: root, memoryLimit: 256 << 20, device: "server") { _ in GroupFlush(flush: flush) }
    }

    /// A store whose snapshots follow `snapshots`, not the environment's `WLOG_SNAPSHOT…`.
    package convenience init(root: String, memoryLimit: Int, snapshots: SnapshotPolicy) throws {
        try self.init(root: root, memoryLimit: memoryLimit, device: "server", snapshots: snapshots) { _ in nil }
    }

    private init(root: String, memoryLimit: Int, device: String,
                 snapshots: SnapshotPolicy = SnapshotPolicy(environment: ProcessInfo.processInfo.environment),
                 groupFlush: (_ users: String) -> GroupFlush?) throws {
        self.root = root
        self.memoryLimit = memoryLimit
        self.device = device
        self.snapshots = SnapshotWrites(policy: snapshots)
        try Self.makeFolder(root + "/users")
        self.groupFlush = groupFlush(root + "/users")
        commitFlush = self.groupFlush == nil ? .each : .group
    }

    /// The journal of a lifter.
    public func journalPath(of lifter: LifterID) -> String { root + "/users/" + lifter.uuid + "/journal.wlog" }

    public func read<Result: Sendable>(_ lifter: LifterID, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await read(lifter, key: nil, body)
    }

    public func read<Result: Sendable>(_ lifter: LifterID, cacheKey: String, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await read(lifter, key: cacheKey, body)
    }

    private func read<Result: Sendable>(_ lifter: LifterID, key: String?, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        // An answer at hand (kept, at the state's sequence, the journal unchanged) is given here,
        // without the hop to the store's threads and back; anything to compute or fold goes there.
        // One use a request, whichever path answers it.
        let use = tick()
        if let key, let journal = lifters.withLock({ $0[lifter] }),
           let answer = journal.cachedAnswer(use: use, cacheKey: key, as: Result.self) {
            return answer
        }
        return try await run(lifter) {
            let journal = try self.journal(of: lifter)
            let before = journal.lastSeq
            var answersGrown = 0
            let result = try journal.read(use: use, cacheKey: key, answersGrown: &answersGrown, body)
            self.settle(lifter, journal, before: before, answersGrown: answersGrown)
            return Outcome(result, journal)
        }
    }

    public func write<Result: Sendable>(
        _ lifter: LifterID, at now: Instant, actor: String, fixedIDs: [EventID],
        decide: @escaping @Sendable (LifterView, DecideContext) throws -> [Event],
        render: @escaping @Sendable (LifterView, [Event]) throws -> Result
    ) async throws -> Result {
        if let failure = groupFlush?.failure { throw failure }
        return try await run(lifter) {
            let journal = try self.journal(of: lifter)
            let before = journal.lastSeq
            // With a group flush, the watchers (live pages, sync) hear of a commit once it is on disk.
            let grouped = self.groupFlush != nil
            defer { self.settle(lifter, journal, before: before, announcing: !grouped) }
            let result = try journal.write(use: self.tick(), at: now, actor: actor, fixedIDs: fixedIDs, decide: decide, render: render)
            return Outcome(result, journal, announcingWhenDurable: grouped ? (before, journal.lastSeq) : nil,
                           journalID: grouped ? journal.journalID : "")
        }
    }

    public func events(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> EventFeedPage {
        try await run(lifter) {
            let journal = try self.journal(of: lifter)
            let page = try journal.lines(after: after, limit: max(1, limit))
            // Lines another writer appended that no request folded yet: tell the watchers.
            if let last = page.lines.last?.seq { self.announce(lifter, before: journal.lastSeq, after: last) }
            return Outcome(page, journal)
        }
    }

    public func heldEvents(_ lifter: LifterID, ids: Set<EventID>) async throws -> [EventID: Event] {
        guard !ids.isEmpty else { return [:] }
        return try await run(lifter) {
            let journal = try self.journal(of: lifter)
            return Outcome(try journal.events(withIDs: ids), journal)
        }
    }

    public func changes(_ lifter: LifterID) -> ChangeWatch { watchers.watch(lifter) }

    /// After a request: tells the watchers when the stream grew, and keeps memory within the limit.
    private func settle(_ lifter: LifterID, _ journal: LifterJournal, before: UInt64, announcing: Bool = true,
                        answersGrown: Int = 0) {
        let after = journal.lastSeq
        if announcing { announce(lifter, before: before, after: after) }
        // A state grows by what it folds (one that was unloaded comes back whole) and its answers kept.
        let grown = answersGrown
            + (before == 0 ? StateMemory.bytes(events: Int(after)) : (Int(after) - Int(before)) * StateMemory.bytesPerEvent)
        if grown > 0, StateMemory.isPast(held.add(grown, ordering: .relaxed).newValue, memoryLimit: memoryLimit) { trim() }
    }

    /// Tells the lifter's watchers the stream grew (a commit here, or another writer's lines folded).
    private func announce(_ lifter: LifterID, before: UInt64, after: UInt64) {
        guard after > before else { return }
        watchers.post(lifter, after)
    }

    /// Events held in memory across all lifters.
    public var heldEvents: Int { lifters.withLock { $0.values.reduce(0) { $0 + $1.heldEvents } } }

    /// The memory held across all lifters, as `StateMemory` estimates it.
    public var heldBytes: Int { lifters.withLock { $0.values.reduce(0) { $0 + $1.heldBytes } } }

    /// What journal work leaves for `run`: the answer, the journal it used, and with a group
    /// flush the growth to tell the watchers once the answer may be given.
    private struct Outcome<R: Sendable>: Sendable {
        let result: R
        let journal: LifterJournal
        let grown: (before: UInt64, after: UInt64)?
        /// The journal's id, for its acknowledgement record once the flush is done.
        let journalID: String

        init(_ result: R, _ journal: LifterJournal, announcingWhenDurable grown: (before: UInt64, after: UInt64)? = nil,
             journalID: String = "") {
            self.result = result
            self.journal = journal
            self.grown = grown
            self.journalID = journalID
        }
    }

    /// Runs blocking journal work on the store's threads. With a group flush, the answer waits
    /// until the lifter's last commit is on disk (`LifterJournal.flushRound`): no answer, read or
    /// write, shows a commit that a power loss could still take back.
    private func run<R: Sendable>(_ lifter: LifterID, _ work: @escaping @Sendable () throws -> Outcome<R>) async throws -> R {
        let queue = queues[Int(UInt(bitPattern: lifter.hashValue) % UInt(queues.count))]
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { [groupFlush] in
                let outcome: Outcome<R>
                do {
                    outcome = try work()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let answer: @Sendable (StoreError?) -> Void = { failure in
                    if let failure { return continuation.resume(throwing: failure) }
                    if let grown = outcome.grown {
                        outcome.journal.acknowledge(through: grown.after, journalID: outcome.journalID)
                        self.announce(lifter, before: grown.before, after: grown.after)
                    }
                    continuation.resume(returning: outcome.result)
                }
                guard let groupFlush, case let round = outcome.journal.flushRound, round > 0 else { return answer(nil) }
                groupFlush.whenDone(round, then: answer)
            }
        }
    }

    private func tick() -> UInt64 { clock.add(1, ordering: .relaxed).newValue }

    /// The lifter's journal, created (with its folder, 0700) on first use: a lifter's first valid
    /// token provisions their journal.
    private func journal(of lifter: LifterID) throws -> LifterJournal {
        if let known = lifters.withLock({ $0[lifter] }) { return known }
        let path = journalPath(of: lifter)
        if !FileManager.default.fileExists(atPath: path) { try provision(path) }
        return lifters.withLock { table in
            if let known = table[lifter] { return known }
            let journal = LifterJournal(lifter: lifter, path: path, device: device, writers: writers, groupFlush: groupFlush,
                                        snapshots: snapshots.policy.enabled ? snapshots : nil)
            table[lifter] = journal
            return journal
        }
    }

    private func provision(_ path: String) throws {
        let folder = String(path.dropLast("/journal.wlog".count))
        try Self.makeFolder(folder)
        var generator = SystemRandomNumberGenerator()
        do {
            let writer = try JournalWriter.create(at: path, journalID: EventID.random(using: &generator).hex, createdAt: Date())
            try writer.close()
        } catch JournalError.alreadyExists {
            return
        } catch let error as JournalError {
            throw LifterJournal.storeError(error)
        }
    }

    /// Drops every state no request holds (saving its snapshot as eviction does), and their kept
    /// answers unless `keepingAnswers`: the seam of the snapshot tests.
    package func unloadAll(keepingAnswers: Bool = false) {
        for journal in lifters.withLock({ Array($0.values) }) { _ = journal.unload(keepingAnswers: keepingAnswers) }
        held.store(heldBytes, ordering: .relaxed)
    }

    /// `LifterStore.saveForStop()`: each held lifter's snapshot beside its journal
    /// (`SnapshotWrites.saveAtStop`), written on the lifter's own store thread like its other
    /// journal work.
    public func saveForStop() async -> Int {
        let saved = await SnapshotWrites.saveAtStop(lifters.withLock { Array($0) }) { lifter, journal in
            (try? await run(lifter) { Outcome(journal.saveForStop(), journal) }) ?? false
        }
        await snapshots.drain()
        return saved
    }

    /// States loaded (folded from the first event or from a snapshot) since the store started.
    package var loads: Int { lifters.withLock { $0.values.reduce(0) { $0 + $1.loads } } }

    /// Keeps memory within the limit: `StateMemory.trim(_:memoryLimit:unload:)`, the rule both stores keep.
    private func trim() {
        let journals = lifters.withLock { Array($0.values) }
        held.store(StateMemory.trim(journals, memoryLimit: memoryLimit) { $0.unload(keepingAnswers: $1) }, ordering: .relaxed)
    }

    static func makeFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.unavailable("cannot create \(path): \(error)")
        }
    }
}
