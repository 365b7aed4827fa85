import Logging
import PostgresNIO

/// The one table of every lifter's events, and the trigger that tells other servers of commits.
///
/// `global_position` orders all commits (not a feed cursor: concurrent transactions may commit
/// out of its order); a lifter's stream is `(lifter, position)`, dense from 1; `line` is the
/// canonical JSON line byte for byte as the lifter's journal holds it, `body` the same as
/// `jsonb` for SQL. Every insert statement notifies channel `wlog_events` with
/// `"<lifter uuid> <last position>"` per lifter, delivered on commit. A commit's rows go in through
/// `wlog_insert` (in a transaction) or `wlog_append` (its own transaction, in one round trip).
enum EventsSchema {
    static let channel = "wlog_events"

    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS wlog_events (
            global_position bigserial PRIMARY KEY,
            lifter uuid NOT NULL,
            position bigint NOT NULL CHECK (position >= 1),
            event_id text NOT NULL,
            type text NOT NULL,
            line text NOT NULL,
            body jsonb NOT NULL,
            recorded timestamptz NOT NULL,
            CONSTRAINT wlog_events_stream_position UNIQUE (lifter, position),
            CONSTRAINT wlog_events_stream_event UNIQUE (lifter, event_id)
        )
        """,
        """
        CREATE OR REPLACE FUNCTION wlog_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('wlog_events', s.lifter::text || ' ' || s.last)
            FROM (SELECT lifter, max(position) AS last FROM new_rows GROUP BY lifter) AS s;
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE TRIGGER wlog_events_notify AFTER INSERT ON wlog_events
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wlog_events_notify()
        """,
        // One commit's rows into one stream, after the stream's lock taken shared (`EventsSQL`):
        // all or none; a position or id the stream holds is a unique violation.
        """
        CREATE OR REPLACE FUNCTION wlog_insert(stream uuid, positions bigint[], ids text[], types text[],
                                               lines text[], recorded bigint[]) RETURNS void LANGUAGE sql AS $$
            SELECT pg_advisory_xact_lock_shared(hashtext(stream::text));
            INSERT INTO wlog_events (lifter, position, event_id, type, line, body, recorded)
            SELECT stream, p, i, t, l, l::jsonb, to_timestamp(r / 1000.0)
            FROM unnest(positions, ids, types, lines, recorded) AS u(p, i, t, l, r);
        $$
        """,
        // `wlog_insert` committed inside the call: `CALL`'s answer comes only after the COMMIT (durable
        // with `synchronous_commit`), so one round trip both writes and confirms the commit.
        """
        CREATE OR REPLACE PROCEDURE wlog_append(stream uuid, positions bigint[], ids text[], types text[],
                                                lines text[], recorded bigint[]) LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM wlog_insert(stream, positions, ids, types, lines, recorded);
            COMMIT;
        END $$
        """,
    ]

    /// Creates the table and trigger when missing; servers starting together take turns (an
    /// advisory lock), so two never race on `CREATE`.
    static func prepare(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            _ = try await connection.query("SELECT pg_advisory_xact_lock(7201616)", logger: logger)
            for statement in statements {
                _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    /// Whether `error` is a unique violation: another writer took the stream position (or the
    /// event id) first.
    static func isConflict(_ error: any Error) -> Bool {
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] == "23505" }
        if let error = error as? PostgresTransactionError, let inner = error.closureError { return isConflict(inner) }
        return false
    }
}
