import WlogCore

/// Where the lifters' event streams live: one journal per lifter (`JournalStore`), or a database.
///
/// Every write is `decide(command, state) → events → one durable commit`, acknowledged only once
/// durable; every read is a projection of the lifter's state, kept in memory and folded forward
/// incrementally, never replayed per request. A lifter is created on first use.
public protocol LifterStore: Sendable {
    /// Runs `body` on the lifter's state, caught up with every committed event.
    func read<Result: Sendable>(_ lifter: LifterID, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result

    /// `read`, answering again a result computed for the same `cacheKey` while the lifter's
    /// stream has not moved (the caller puts in the key everything else the answer depends on,
    /// e.g. the request and the minute). A store may ignore the key.
    func read<Result: Sendable>(_ lifter: LifterID, cacheKey: String, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result

    /// Decides and appends one commit for the lifter, then renders the answer from the new state.
    ///
    /// `decide` sees the state under the lifter's write lock and returns the events of one commit
    /// (none: nothing is appended, as for a retried request whose events are already there). It
    /// may run more than once for one call — a store that finds another writer was first runs it
    /// again on the newer state — so what it does besides answering must bear repeating;
    /// `render` sees the state after the commit is durable, with the events that landed.
    /// Throws `StoreError.refused` when `decide` throws a `Refusal`.
    func write<Result: Sendable>(
        _ lifter: LifterID, at now: Instant, actor: String, fixedIDs: [EventID],
        decide: @escaping @Sendable (LifterView, DecideContext) throws -> [Event],
        render: @escaping @Sendable (LifterView, [Event]) throws -> Result
    ) async throws -> Result

    /// The events the lifter's stream holds under these ids (those it holds), to tell a duplicate
    /// taken in from outside from a collision (`IncomingEvents`, docs/SYNC.md).
    func heldEvents(_ lifter: LifterID, ids: Set<EventID>) async throws -> [EventID: Event]
    /// The lifter's committed events after sequence `after`, at most `limit`, as the journal's lines.
    func events(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> EventFeedPage

    /// A watch posted each time the lifter's stream grows: at once for commits through this
    /// store, and for other writers (the CLI) when a request or `events` notices them. The caller
    /// cancels it when done.
    func changes(_ lifter: LifterID) -> ChangeWatch
    /// Where the server keeps its accounts beside this store, when the store has a place for
    /// them that servers share (the PostgreSQL store's table); nil: `DATA/accounts.log`.
    func accountsLog() async throws -> (any RecordLog)?

    /// As the server stops: saves the snapshot of each held lifter more than
    /// `SnapshotWrites.stopMinimum` events past its last one, within `SnapshotWrites.stopBudget`,
    /// so that the next start loads it without folding those events again; returns how many it
    /// saved. Requests may still run: each save takes its lifter's lock. Never fails (a snapshot
    /// is a cache; one not saved is left as it was).
    func saveForStop() async -> Int
}

extension LifterStore {
    /// Stores without an answer cache read every time.
    public func read<Result: Sendable>(_ lifter: LifterID, cacheKey: String, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await read(lifter, body)
    }

    /// Accounts in the data folder.
    public func accountsLog() async throws -> (any RecordLog)? { nil }

    /// Stores without snapshots save nothing.
    public func saveForStop() async -> Int { 0 }
}
