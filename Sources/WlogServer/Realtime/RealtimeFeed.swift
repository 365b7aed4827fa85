import Logging
import WlogCore
import WlogStore

/// The changes of one lifter's stream, for that lifter's subscriptions: after each commit (the
/// store's change watch, posted once the commit is durable; polled for other writers such as
/// the CLI and, on PostgreSQL, other servers' NOTIFY), the rows of each subscribed table are
/// computed again and compared with those before, in commit order.
///
/// Commits that land while one is being compared are compared together: their changes arrive
/// as one (an insert then an update of the same row is one INSERT of the final row).
actor RealtimeFeed {
    let lifter: LifterID
    private let store: any LifterStore
    private let now: @Sendable () -> Instant
    private let logger: Logger
    private var subscriptions: [ObjectIdentifier: RealtimeSubscription] = [:]
    /// Each subscribed table's rows at the sequence they were computed at.
    private var snapshots: [String: (seq: UInt64, rows: [RealtimeTable.Row])] = [:]
    private var loop: Task<Void, Never>?

    init(lifter: LifterID, store: any LifterStore, now: @escaping @Sendable () -> Instant, logger: Logger) {
        self.lifter = lifter
        self.store = store
        self.now = now
        self.logger = logger
    }

    /// Starts following the stream: woken by each commit, else every `poll`.
    func start(poll: Duration) {
        guard loop == nil else { return }
        let watch = store.changes(lifter)
        loop = Task { [weak self] in
            defer { watch.cancel() }
            while !Task.isCancelled {
                _ = await watch.wait(timeout: poll)
                guard let self, !Task.isCancelled else { return }
                await self.step()
            }
        }
    }

    /// Stops following the stream.
    func stop() {
        loop?.cancel()
        loop = nil
    }

    /// Adds `subscription`, its tables' rows taken as they are now (changes after this reach it).
    func add(_ subscription: RealtimeSubscription) async throws {
        subscriptions[ObjectIdentifier(subscription)] = subscription
        try await compare()
    }

    /// Removes `subscription`.
    func remove(_ subscription: RealtimeSubscription) {
        subscriptions[ObjectIdentifier(subscription)] = nil
    }

    private func step() async {
        do {
            try await compare()
        } catch {
            logger.warning("realtime: reading the stream failed", metadata: ["lifter": "\(lifter.uuid)", "error": "\(error)"])
        }
    }

    /// Computes the rows of the tables whose snapshot is older than the stream (or missing) and
    /// hands each subscription the changes.
    func compare() async throws {
        var tables: [String: RealtimeTable] = [:]
        for subscription in subscriptions.values { tables.merge(subscription.tables) { a, _ in a } }
        snapshots = snapshots.filter { tables[$0.key] != nil }
        let wanted = tables
        let seqs = snapshots.mapValues(\.seq)
        let now = self.now
        let computed = try await store.read(lifter) { view -> (seq: UInt64, rows: [String: [RealtimeTable.Row]]) in
            let seq = view.state.lastSeq
            let stale = wanted.filter { seqs[$0.key].map { $0 < seq } ?? true }
            return (seq, stale.mapValues { $0.rows(view, now()) })
        }
        guard !computed.rows.isEmpty else { return }
        let committed = now()
        var changes: [RealtimeChange] = []
        for key in computed.rows.keys.sorted() {
            guard let rows = computed.rows[key], let table = tables[key] else { continue }
            if let previous = snapshots[key] {
                // A read older than the snapshot (two compares crossing) changes nothing.
                guard computed.seq > previous.seq else { continue }
                changes += RealtimeChange.diff(table, old: previous.rows, new: rows, committed: committed)
            }
            snapshots[key] = (computed.seq, rows)
        }
        guard !changes.isEmpty else { return }
        for subscription in subscriptions.values { subscription.deliver(changes) }
    }
}
