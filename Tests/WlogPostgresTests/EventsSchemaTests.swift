import Foundation
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// A database made by an older version, whose routines were SQL-language functions (planned again
/// at every call), is turned over to the PL/pgSQL ones when a server starts on it, with no step of
/// its own; its writes then go through the prepared `CALL wlog_append_commits`.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct EventsSchemaTests {
    /// The routines as the older version made them (its `EventsSchema`, before PL/pgSQL).
    static let older = [
        """
        CREATE FUNCTION wlog_insert(stream uuid, positions bigint[], ids text[], types text[],
                                    lines text[], recorded bigint[]) RETURNS void LANGUAGE sql AS $$
            SELECT pg_advisory_xact_lock_shared(hashtext(stream::text));
            INSERT INTO wlog_events (lifter, position, event_id, type, line, body, recorded)
            SELECT stream, p, i, t, l, l::jsonb, to_timestamp(r / 1000.0)
            FROM unnest(positions, ids, types, lines, recorded) AS u(p, i, t, l, r);
        $$
        """,
        """
        CREATE FUNCTION wlog_announce(stream uuid, positions bigint[]) RETURNS void LANGUAGE sql AS $$
            SELECT pg_notify('wlog_events', stream::text || ' ' || (SELECT max(p) FROM unnest(positions) AS u(p)));
        $$
        """,
    ]

    @Test func aServerStartingOnAnOlderDatabaseTurnsItsRoutinesToPLpgSQL() async throws {
        let url = try await PostgresTestDatabase.fresh()
        try await PostgresTestDatabase.admin(url) { client in
            for statement in EventsSchema.statements.prefix(1) + Self.older {
                _ = try await client.query(PostgresQuery(unsafeSQL: statement))
            }
        }
        #expect(try await Self.languages(url) == ["wlog_announce sql", "wlog_insert sql"])
        // Two servers start on it (the second finds the routines turned over already).
        try await PostgresTestDatabase.withStores(2, on: url) { stores, _ in
            #expect(try await Self.languages(url) == ["wlog_announce plpgsql", "wlog_append_commits plpgsql", "wlog_append_noticed plpgsql", "wlog_insert plpgsql"])
            for n in 1...3 {
                let written = try await PostgresStoreTests.bodyweight(stores[n % 2], 80 + Double(n), id: PostgresStoreTests.id(UInt64(n)))
                #expect(written == [PostgresStoreTests.id(UInt64(n))])
            }
            #expect(try await stores[0].lastPosition(PostgresStoreTests.lifter) == 3)
            #expect(try await stores[1].read(PostgresStoreTests.lifter) { $0.state.eventCount } == 3)
        }
        try await PostgresTestDatabase.drop(url)
    }

    /// `"<routine> <language>"` for each `wlog_` routine of the database, by name.
    static func languages(_ url: DatabaseURL) async throws -> [String] {
        try await PostgresTestDatabase.column(url, """
            SELECT p.proname || ' ' || l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.proname LIKE 'wlog\\_%' ORDER BY p.proname
            """, as: String.self)
    }
}
