/// An ordered, durable log of records (each one JSON text), which several servers may share: the
/// server's accounts (WlogServer's `AccountStore`, docs/ACCOUNTS.md) live in one — a file under
/// the data folder for the embedded store, a table for the PostgreSQL store. Positions count
/// the records from 1, without gaps, in the order every server sees.
public protocol RecordLog: Sendable {
    /// Where the log is, for messages (a path, a table).
    var place: String { get }
    /// Whether other processes append too: readers then fold what is new before each use.
    var isShared: Bool { get }
    /// The records after the first `position`, in order.
    func records(after position: Int) async throws -> [String]
    /// Appends `records` at `position + 1…`, all or none, durable when this returns true. False
    /// (nothing appended) when another server appended after `position` first: the caller folds
    /// what is new and decides again.
    func append(_ records: [String], after position: Int) async throws -> Bool
    /// Appends in this process's exclusive turn (the retry of an `append` that lost a race, so
    /// that no server starves): other servers' appends wait until it ends. `decide` gets the
    /// records past `position` and answers the records to append after them (none: nothing).
    func appendExclusively(after position: Int, _ decide: ([String]) throws -> [String]) async throws
    /// Calls `changed` each time another server may have appended (and once whenever it cannot
    /// tell, e.g. after a lost connection), until `release()`; the next notice waits for its
    /// return, so it should return at once.
    func watch(_ changed: @escaping @Sendable () async -> Void)
    /// Lets go of the log (a file's lock, a listener), so that another server may open it; an
    /// append after this fails with `StoreError.unavailable`.
    func release() async
}
