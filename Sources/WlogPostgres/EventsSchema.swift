import Crypto
import Logging
import PostgresNIO

/// The one table of every lifter's events, and the routines that insert and announce commits.
///
/// `global_position` orders all commits (not a feed cursor: concurrent transactions may commit
/// out of its order); a lifter's stream is `(lifter, position)`, dense from 1; `line` is the
/// canonical JSON line byte for byte as the lifter's journal holds it, `body` the same as
/// `jsonb` for SQL. Commits go in through `wlog_append_commits` (one or many lifters' commits in
/// its own transaction, in one round trip) or `wlog_insert` (one commit, in a transaction), and
/// each commit is announced on channel `wlog_events` with `"<lifter uuid> <last position>"` (by
/// `wlog_append_commits` itself, or `wlog_announce` in the transaction; delivered on commit).
///
/// What a write sends (`EventsSQL.AppendCommits`, through `GroupAppend`): one prepared `CALL
/// wlog_append_commits` carrying every commit waiting at that moment, whose one PL/pgSQL body
/// takes the streams' locks shared, inserts the rows in one statement, commits (durable), then
/// notifies in a second transaction committed without a flush. Nothing cheaper keeps every
/// guarantee: a plain SQL procedure cannot commit inside the call (the answer would come before
/// a durable commit), the notification inside the durable transaction serializes all commits
/// behind one flush each, and the three unique indexes are what the table promises (docs/SERVER-POSTGRES.md,
/// "Schema"). The `wlog_append(stream uuid, …)` of earlier servers is left in place for them.
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
        // Commits are announced by `wlog_append_commits` and `wlog_announce`, no longer by a trigger.
        "DROP TRIGGER IF EXISTS wlog_events_notify ON wlog_events",
        "DROP FUNCTION IF EXISTS wlog_events_notify()",
        // The routines are PL/pgSQL, not SQL: a session plans a PL/pgSQL function's statements once
        // and keeps the plans, where an SQL function called from PL/pgSQL or by `SELECT` with
        // parameters is planned again at every call (three times the database CPU of a write,
        // docs/PERFORMANCE-POSTGRES.md). `CREATE OR REPLACE` also turns a database made with older
        // ones over to these at a server's start (same names, arguments and results).
        //
        // One commit's rows into one stream, after the stream's lock taken shared (`EventsSQL`):
        // all or none; a position or id the stream holds is a unique violation. The retry in
        // the lifter's exclusive turn calls it inside its transaction (`EventsSQL.insert`).
        """
        CREATE OR REPLACE FUNCTION wlog_insert(stream uuid, positions bigint[], ids text[], types text[],
                                               lines text[], recorded bigint[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            \(insertRows)
        END $$
        """,
        // The notification of a commit inserted by `wlog_insert`, in its transaction.
        """
        CREATE OR REPLACE FUNCTION wlog_announce(stream uuid, positions bigint[]) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            \(announceRows)
        END $$
        """,
        // Commits in one round trip: `CALL`'s answer comes only after the COMMIT (durable with
        // `synchronous_commit`), so one call both writes and confirms the commits — one or many
        // lifters' (`GroupAppend`). `streams` names each row's lifter, the rows of one lifter
        // together and the lifters in ascending order, so that every server takes the shared locks
        // and inserts in one order. Each lifter's rows land all or none: when a position or id is
        // taken (another writer was first), the plain insert is undone and done again skipping
        // the taken rows (`ON CONFLICT DO NOTHING`, whose checks a plain insert does not pay); a
        // lifter with a row skipped has the rest of its rows removed before the COMMIT and is
        // answered in `refused`, while the other lifters' rows commit. The notifications (one a lifter that landed, its last position)
        // follow in a transaction of its own, committed without waiting for the disk: a
        // transaction that notifies holds a database-wide lock until its commit is done, so
        // notifying in the durable one serialized every server's commits, one disk flush each.
        // No nested routine (`PERFORM wlog_insert(…)`): each nested call was a statement of its
        // own, an eighth of a write's database CPU (docs/SERVER-POSTGRES.md, "Concurrency"). The loops
        // read arrays of fixed-width elements by subscript, each step constant time.
        appendProcedure(named: "wlog_append_commits", notices: false),
        appendProcedure(named: "wlog_append_noticed", notices: true),
    ]

    /// The procedure that commits groups (`wlog_append_commits`, above); `notices` adds each
    /// landed commit's notice before its announcement (`CommitNotice`: `wlog_append_noticed`,
    /// called while this server's lifters are written on other servers too).
    static func appendProcedure(named name: String, notices: Bool) -> String {
        """
        CREATE OR REPLACE PROCEDURE \(name)(streams uuid[], positions bigint[], ids text[], types text[],
                                                        lines text[], recorded bigint[], INOUT refused uuid[] DEFAULT NULL)
        LANGUAGE plpgsql AS $$
        DECLARE
            n int := cardinality(streams);
            landed uuid[];
            kept bigint[];\(notices ? CommitNotice.declareSQL : "")
        BEGIN
            refused := NULL;
            FOR k IN 1 .. n LOOP
                IF k = 1 OR streams[k] <> streams[k - 1] THEN
                    PERFORM pg_advisory_xact_lock_shared(hashtext(streams[k]::text));
                END IF;
            END LOOP;
            BEGIN
                INSERT INTO wlog_events (lifter, position, event_id, type, line, body, recorded)
                \(commitRows);
            EXCEPTION WHEN unique_violation THEN
                WITH inserted AS (
                    INSERT INTO wlog_events (lifter, position, event_id, type, line, body, recorded)
                    \(commitRows)
                    ON CONFLICT DO NOTHING
                    RETURNING lifter, global_position
                )
                SELECT array_agg(lifter), array_agg(global_position) INTO landed, kept FROM inserted;
                SELECT array_agg(w.s) INTO refused
                FROM (SELECT s, count(*) AS c FROM unnest(streams) AS u(s) GROUP BY s) AS w
                LEFT JOIN (SELECT s, count(*) AS c FROM unnest(landed) AS u(s) GROUP BY s) AS l USING (s)
                WHERE l.c IS DISTINCT FROM w.c;
                DELETE FROM wlog_events WHERE global_position = ANY(kept) AND lifter = ANY(refused);
            END;
            COMMIT;
            SET LOCAL synchronous_commit = off;\(notices ? CommitNotice.padsSQL : "")
            FOR k IN 1 .. n LOOP\(notices ? CommitNotice.firstRowSQL : "")
                IF (k = n OR streams[k] <> streams[k + 1]) AND (refused IS NULL OR streams[k] <> ALL(refused)) THEN\(notices ? CommitNotice.sendSQL : "")
                    PERFORM pg_notify('\(channel)', streams[k]::text || ' ' || positions[k]);
                END IF;
            END LOOP;
            COMMIT;
        END $$
        """
    }

    /// The rows of `wlog_append_commits`' commits (its arguments, one element per row).
    static let commitRows = """
        SELECT s, p, i, t, l, l::jsonb, to_timestamp(r / 1000.0)
                        FROM unnest(streams, positions, ids, types, lines, recorded) AS u(s, p, i, t, l, r)
        """

    /// The statements that insert one commit's rows (the routines' arguments `stream`, `positions`,
    /// `ids`, `types`, `lines`, `recorded`, one element per row), after the stream's lock taken
    /// shared. (Rows from `generate_subscripts` and subscripts instead of `unnest` cost a single
    /// row a few µs less, but a migration's 2,000-row commit twice the time: each subscript of a
    /// `text[]` walks the array.)
    static let insertRows = """
        PERFORM pg_advisory_xact_lock_shared(hashtext(stream::text));
            INSERT INTO wlog_events (lifter, position, event_id, type, line, body, recorded)
            SELECT stream, p, i, t, l, l::jsonb, to_timestamp(r / 1000.0)
            FROM unnest(positions, ids, types, lines, recorded) AS u(p, i, t, l, r);
        """

    /// The statement that announces a commit: `"<lifter> <last position>"` on `channel`. The
    /// positions ascend (`EventRows` holds a commit's events in stream order), so the last is the
    /// array's last element — a plain expression, where `max` over the array was a subquery.
    static let announceRows = "PERFORM pg_notify('\(channel)', stream::text || ' ' || positions[cardinality(positions)]);"

    /// Creates the tables and their routines when missing, and answers the commit notices' key
    /// (`CommitNotice.key`); servers starting together take turns (an advisory lock), so two never
    /// race on `CREATE`.
    static func prepare(_ client: PostgresClient, logger: Logger) async throws -> SymmetricKey {
        try await client.withTransaction(logger: logger) { connection in
            _ = try await connection.query("SELECT pg_advisory_xact_lock(7201616)", logger: logger)
            for statement in CommitNotice.statements + statements + SnapshotTable.statements {
                _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            return try await CommitNotice.key(on: connection, logger: logger)
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
