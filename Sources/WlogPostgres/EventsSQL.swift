#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import PostgresNIO
import WlogCore
import WlogStore

/// The statements on `wlog_events` a store runs, over a client or one connection (a transaction).
///
/// Every insert first takes the lifter's advisory lock *shared* (writers do not wait for each
/// other); a writer that lost a race takes it *exclusive* in a transaction for its retry, so the
/// other servers' inserts for that lifter wait until it committed: a retry always wins its turn
/// and no server starves under contention.
enum EventsSQL {
    typealias Run = @Sendable (PostgresQuery) async throws -> PostgresRowSequence

    /// `state` with the lifter's rows after its last position folded in, read by `rows` (a
    /// client's or a connection's `execute`): the statement is prepared once a connection, where
    /// a query parsed and planned at each call cost the database 0.076–0.077 ms of CPU against
    /// 0.019–0.021 (docs/PERFORMANCE-POSTGRES.md, "A write's statements and the listeners' wake-ups").
    static func folded(_ state: consuming WlogState, _ lifter: LifterID,
                       rows: (RowsAfter) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, RowsAfter.Row>) async throws -> WlogState {
        for try await (position, line) in try await rows(RowsAfter(lifter: lifter, after: state.lastSeq)) {
            guard UInt64(position) == state.lastSeq + 1 else {
                throw StoreError.damaged("lifter \(lifter)'s stream skips from \(state.lastSeq) to \(position)")
            }
            let bytes = Array(line.utf8)
            do {
                try bytes.withUnsafeBytes { try state.apply(line: $0) }
            } catch {
                throw StoreError.damaged("event \(position) of lifter \(lifter) cannot be read: \(error)")
            }
        }
        return state
    }

    /// A lifter's rows after a position, in stream order: what a fold reads.
    struct RowsAfter: PostgresPreparedStatement {
        static let sql = "SELECT position, line FROM wlog_events WHERE lifter = $1::uuid AND position > $2 ORDER BY position"
        static var bindingDataTypes: [PostgresDataType] { [.text, .int8] }
        typealias Row = (Int64, String)
        let lifter: LifterID
        let after: UInt64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(lifter.uuid)
            bindings.append(Int64(after))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Inserts `rows` as one statement (all or none), after the lifter's shared lock, and announces
    /// them, in the transaction `run` is in; waits for the statement's end, so a unique violation
    /// is thrown here.
    static func insert(_ rows: EventRows, _ lifter: LifterID, run: Run) async throws {
        try await execute("""
            SELECT wlog_insert(\(lifter.uuid)::uuid, \(rows.positions)::bigint[], \(rows.ids)::text[], \(rows.types)::text[],
                               \(rows.lines)::text[], \(rows.recorded)::bigint[])
            """, run)
        try await execute("SELECT wlog_announce(\(lifter.uuid)::uuid, \(rows.positions)::bigint[])", run)
    }

    /// `CALL wlog_append_commits(…)`: inserts `commits` (each a lifter's rows, in stream order)
    /// and commits them, in one round trip; when its answer comes they are committed, each
    /// lifter's all or none: its row is the lifters refused (a position or id taken; none of
    /// their rows inserted), nil when none was. The commits go in lifter order (`EventsSchema`:
    /// every server locks and inserts in that order). Not in a transaction: the procedure
    /// commits. A prepared statement: each pooled connection parses it once (PostgresNIO prepares
    /// it on a connection's first use, again on a new connection after a restart), so a call
    /// sends only Bind and Execute.
    struct AppendCommits: AppendCall {
        static let sql = "CALL wlog_append_commits($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], NULL)"
        let commits: [GroupAppend.Commit]
    }

    /// `AppendCommits`, each landed commit also sent in its notice (`CommitNotice`).
    struct AppendNoticed: AppendCall {
        static let sql = "CALL wlog_append_noticed($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], NULL)"
        let commits: [GroupAppend.Commit]
    }

    /// Runs `body` in a transaction on `connection`, every statement's end awaited (COMMIT
    /// included: success means committed). On failure it rolls back; a connection that cannot
    /// roll back is closed, never handed back to the pool inside a transaction.
    nonisolated(nonsending) static func transaction<R>(on connection: PostgresConnection, logger: Logger,
                               _ body: (_ run: @escaping Run) async throws -> R) async throws -> R {
        let run: Run = { try await connection.query($0, logger: logger) }
        try await execute("BEGIN", run)
        do {
            let result = try await body(run)
            try await execute("COMMIT", run)
            return result
        } catch {
            do {
                try await execute("ROLLBACK", run)
            } catch {
                try? await connection.close()
            }
            throw error
        }
    }

    /// Runs `query` and waits for its end (its error, if any, is thrown here).
    static func execute(_ query: PostgresQuery, _ run: Run) async throws {
        for try await _ in try await run(query) {}
    }

    /// Takes the lifter's lock exclusive until the transaction ends.
    static func takeTurn(_ lifter: LifterID, run: Run) async throws {
        try await execute("SELECT pg_advisory_xact_lock(hashtext(\(lifter.uuid)::text))", run)
    }

    /// The decided events the stream does not hold yet (by id, as the journal skips duplicates),
    /// numbered from the state's last position.
    static func numbered(_ decided: [Event], after state: WlogState) -> [Event] {
        var seen = Set<EventID>()
        var events: [Event] = []
        for var event in decided where !state.contains(eventID: event.id) && seen.insert(event.id).inserted {
            event.envelope.seq = state.lastSeq + UInt64(events.count) + 1
            events.append(event)
        }
        return events
    }
}

/// A prepared call of a procedure that commits groups (`EventsSchema.appendProcedure`): the commits'
/// rows as its arrays, the lifters in ascending order; its one row, the lifters refused.
protocol AppendCall: PostgresPreparedStatement where Row == [UUID]? {
    /// The commits, sorted by lifter.
    var commits: [GroupAppend.Commit] { get }
    init(commits: [GroupAppend.Commit])
}

extension AppendCall {
    init(_ commits: [GroupAppend.Commit]) {
        self.init(commits: commits.sorted { $0.lifter < $1.lifter })
    }

    func makeBindings() throws -> PostgresBindings {
        var all = EventRows()
        var streams: [String] = []
        for commit in commits {
            streams.append(contentsOf: repeatElement(commit.lifter.uuid, count: commit.rows.count))
            all.append(contentsOf: commit.rows)
        }
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(streams)
        all.bindColumns(into: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> [UUID]? { try row.decode([UUID]?.self) }
}
