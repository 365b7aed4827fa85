import Logging
import PostgresNIO

/// The one table of every lifter's events, and the routines that insert and announce commits.
///
/// `global_position` orders all commits (not a feed cursor: concurrent transactions may commit
/// out of its order); a lifter's stream is `(lifter, position)`, dense from 1; `line` is the
/// canonical JSON line byte for byte as the lifter's journal holds it, `body` the same as
/// `jsonb` for SQL. A commit's rows go in through `wlog_append` (its own transaction, in one round
/// trip) or `wlog_insert` (in a transaction), and each commit is announced on channel
/// `wlog_events` with `"<lifter uuid> <last position>"` (`wlog_announce`, delivered on commit).
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
        // Commits are announced by `wlog_announce`, no longer by a trigger (see `wlog_append`).
        "DROP TRIGGER IF EXISTS wlog_events_notify ON wlog_events",
        "DROP FUNCTION IF EXISTS wlog_events_notify()",
        // The routines are PL/pgSQL, not SQL: a session plans a PL/pgSQL function's statements once
        // and keeps the plans, where an SQL function called from PL/pgSQL or by `SELECT` with
        // parameters is planned again at every call (three times the database CPU of a write,
        // docs/PERFORMANCE.md). `CREATE OR REPLACE` also turns a database made with the SQL ones
        // over to these at a server's start (same names, arguments and results).
        //
        // One commit's rows into one stream, after the stream's lock taken shared (`EventsSQL`):
        // all or none; a position or id the stream holds is a unique violation.
        """
        CREATE OR REPLACE FUNCTION wlog_insert(stream uuid, positions bigint[], ids text[], types text[],
                                               lines text[], recorded bigint[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_advisory_xact_lock_shared(hashtext(stream::text));
            INSERT INTO wlog_events (lifter, position, event_id, type, line, body, recorded)
            SELECT stream, p, i, t, l, l::jsonb, to_timestamp(r / 1000.0)
            FROM unnest(positions, ids, types, lines, recorded) AS u(p, i, t, l, r);
        END $$
        """,
        // The notification of a commit: `"<lifter> <last position>"` on channel `wlog_events`.
        """
        CREATE OR REPLACE FUNCTION wlog_announce(stream uuid, positions bigint[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('wlog_events', stream::text || ' ' || (SELECT max(p) FROM unnest(positions) AS u(p)));
        END $$
        """,
        // `wlog_insert` committed inside the call: `CALL`'s answer comes only after the COMMIT (durable
        // with `synchronous_commit`), so one round trip both writes and confirms the commit. The
        // notification follows in a transaction of its own, committed without waiting for the disk:
        // a transaction that notifies holds a database-wide lock until its commit is done, so
        // notifying in the durable one serialized every server's commits, one disk flush each.
        """
        CREATE OR REPLACE PROCEDURE wlog_append(stream uuid, positions bigint[], ids text[], types text[],
                                                lines text[], recorded bigint[]) LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM wlog_insert(stream, positions, ids, types, lines, recorded);
            COMMIT;
            SET LOCAL synchronous_commit = off;
            PERFORM wlog_announce(stream, positions);
            COMMIT;
        END $$
        """,
    ]

    /// Creates the table and its routines when missing; servers starting together take turns (an
    /// advisory lock), so two never race on `CREATE`.
    static func prepare(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            _ = try await connection.query("SELECT pg_advisory_xact_lock(7201616)", logger: logger)
            for statement in statements + SnapshotTable.statements {
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
