import Logging
import PostgresNIO
import WlogStore

/// Removing a lifter's events from the PostgreSQL store (`wlog serve users delete`, seed 004 §10's
/// "Delete account"). Running servers hold lifters' states in memory and would go on serving (and
/// appending after) a removed stream, so removal is for a database no server listens on: the
/// operator stops them first, as the embedded store's `accounts.log` lock makes them do.
extension PostgresStore {
    /// How many connections listen for commits on the database at `url` (each running `wlog serve`
    /// keeps one waiting on `LISTEN wlog_events`). Asked on a connection of its own, before a
    /// store of this process listens. Counts only what `pg_stat_activity` shows this role.
    public static func listeningServers(at url: DatabaseURL, logger: Logger = Logger(label: "wlog.postgres")) async throws -> Int {
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        let running = await client.startRunning()
        defer { running.cancel() }
        do {
            return try await withDeadline(.seconds(20), "counting the servers listening") {
                let query: PostgresQuery = """
                    SELECT count(*) FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%\(unescaped: EventsSchema.channel)%'
                    """
                for try await count in try await client.query(query, logger: logger).decode(Int64.self) { return Int(count) }
                return 0
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.unavailable("cannot reach the database at \(url): \(String(reflecting: error))")
        }
    }

    /// Removes every event of `lifter` and its snapshot row in one transaction holding the stream's
    /// lock exclusive (a commit takes it shared, so none lands half before and half after); answers
    /// how many events.
    public func removeEvents(of lifter: LifterID) async throws -> Int {
        try await database("removing the lifter's events") { [client, logger] in
            try await client.withConnection { connection in
                try await EventsSQL.transaction(on: connection, logger: logger) { run in
                    try await EventsSQL.execute("SELECT pg_advisory_xact_lock(hashtext(\(lifter.uuid)::uuid::text))", run)
                    var removed = 0
                    for try await _ in try await run("DELETE FROM wlog_events WHERE lifter = \(lifter.uuid)::uuid RETURNING 1").decode(Int32.self) {
                        removed += 1
                    }
                    try await SnapshotTable.remove(lifter, run: run)
                    return removed
                }
            }
        }
    }
}
