import Logging
import PostgresNIO
import Synchronization
import WlogStore

/// The server's accounts on the PostgreSQL store: table `wlog_accounts`, one account record (a
/// JSON text, docs/ACCOUNTS.md) a row, `position` dense from 1. Every server on the database
/// folds the same rows, so they share accounts, sessions and refresh tokens: a user signed up
/// on one server signs in on another, and a session signed out on one is refused by all.
///
/// An append states its positions (`after + 1…`) in one transaction: the primary key refuses
/// it when another server took one of them first (the writer then folds and decides again), so
/// positions never skip and every server reads the same order. Each insert notifies channel
/// `wlog_accounts`; the store's listener (one connection for both channels) tells the accounts
/// to fold.
public final class PostgresAccounts: RecordLog {
    static let table = "wlog_accounts"
    static let channel = "wlog_accounts"

    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS wlog_accounts (
            position bigint PRIMARY KEY CHECK (position >= 1),
            record text NOT NULL,
            recorded timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE OR REPLACE FUNCTION wlog_accounts_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('wlog_accounts', (SELECT max(position)::text FROM new_rows));
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE TRIGGER wlog_accounts_notify AFTER INSERT ON wlog_accounts
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wlog_accounts_notify()
        """,
    ]

    let store: PostgresStore
    var client: PostgresClient { store.client }
    var timeout: Duration { store.timeout }
    var logger: Logger { store.logger }
    public let place: String
    public var isShared: Bool { true }
    private let released = Atomic<Bool>(false)

    init(store: PostgresStore) {
        self.store = store
        place = "table \(Self.table) at \(store.url)"
    }

    /// Creates the table and its trigger when missing (servers starting together take turns).
    func prepare() async throws {
        try await withDeadline(max(timeout, .seconds(60)), "creating the accounts table") { [client, logger] in
            try await client.withTransaction(logger: logger) { connection in
                _ = try await connection.query("SELECT pg_advisory_xact_lock(7201617)", logger: logger)
                for statement in Self.statements {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
            }
        }
    }

    public func records(after position: Int) async throws -> [String] {
        try await store.database("reading the accounts") { [client] in
            var records: [String] = []
            let query: PostgresQuery = "SELECT position, record FROM wlog_accounts WHERE position > \(Int64(position)) ORDER BY position"
            for try await (at, record) in try await client.query(query).decode((Int64, String).self) {
                guard at == Int64(position + records.count + 1) else {
                    throw StoreError.damaged("\(Self.table) skips from position \(position + records.count) to \(at)")
                }
                records.append(record)
            }
            return records
        }
    }

    public func append(_ records: [String], after position: Int) async throws -> Bool {
        guard !released.load(ordering: .acquiring) else {
            throw StoreError.unavailable("the server is stopping; the accounts are closed")
        }
        do {
            try await store.database("writing the accounts") { [client, logger] in
                try await client.withConnection { connection in
                    try await EventsSQL.transaction(on: connection, logger: logger) { run in
                        try await EventsSQL.execute("SELECT pg_advisory_xact_lock_shared(\(Self.turnKey))", run)
                        try await Self.insert(records, after: position, run)
                    }
                }
            }
            return true
        } catch StoreError.conflict {
            return false
        }
    }

    /// The exclusive turn: one transaction holding the turn's lock exclusive (appends of other
    /// servers hold it shared, so they wait), reading what is new, deciding, inserting. Not
    /// under the request deadline (`decide` is the caller's, run on the connection's task);
    /// a failure is `StoreError.unavailable` and the caller folds before trusting its state.
    public func appendExclusively(after position: Int, _ decide: ([String]) throws -> [String]) async throws {
        guard !released.load(ordering: .acquiring) else {
            throw StoreError.unavailable("the server is stopping; the accounts are closed")
        }
        var refusal: (any Error)?
        do {
            try await client.withConnection { connection in
                try await EventsSQL.transaction(on: connection, logger: logger) { run in
                    try await EventsSQL.execute("SELECT pg_advisory_xact_lock(\(Self.turnKey))", run)
                    var fresh: [String] = []
                    let query: PostgresQuery = "SELECT position, record FROM wlog_accounts WHERE position > \(Int64(position)) ORDER BY position"
                    for try await (at, record) in try await run(query).decode((Int64, String).self) {
                        guard at == Int64(position + fresh.count + 1) else {
                            throw StoreError.damaged("\(Self.table) skips from position \(position + fresh.count) to \(at)")
                        }
                        fresh.append(record)
                    }
                    let records: [String]
                    do { records = try decide(fresh) } catch {
                        refusal = error
                        throw error
                    }
                    if !records.isEmpty { try await Self.insert(records, after: position + fresh.count, run) }
                }
            }
        } catch {
            // The caller's own refusal (a duplicate email…) and the store's errors as they are.
            if let refusal { throw refusal }
            if error is StoreError { throw error }
            throw StoreError.unavailable("the database failed writing the accounts: \(String(reflecting: error))")
        }
    }

    /// The advisory lock of the accounts' exclusive turn.
    static let turnKey: Int64 = 7201618

    static func insert(_ records: [String], after position: Int, _ run: EventsSQL.Run) async throws {
        let positions = records.indices.map { Int64(position + 1 + $0) }
        try await EventsSQL.execute("""
            INSERT INTO wlog_accounts (position, record)
            SELECT p, r FROM unnest(\(positions)::bigint[], \(records)::text[]) AS u(p, r)
            """, run)
    }

    /// Notices come through the store's one listening connection (`PostgresStore.watchAccounts`).
    public func watch(_ changed: @escaping @Sendable () async -> Void) {
        guard !released.load(ordering: .acquiring) else { return }
        store.watchAccounts(changed)
    }

    public func release() async {
        released.store(true, ordering: .releasing)
        store.watchAccounts(nil)
    }
}

extension PostgresStore {
    /// The accounts of every server on this database (`wlog_accounts`), the table made when missing.
    public func accountsLog() async throws -> (any RecordLog)? {
        let log = PostgresAccounts(store: self)
        try await log.prepare()
        return log
    }
}
