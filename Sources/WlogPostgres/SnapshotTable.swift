import NIOCore
import PostgresNIO
import WlogCore
import WlogJournal
import WlogStore

/// The PostgreSQL store's snapshots (docs/SERVER-POSTGRES.md, "Snapshots"): one row per lifter in
/// `wlog_snapshots`, holding the CLI's snapshot bytes (`StateSnapshot`: its format, code version,
/// stamp and checksum) of the lifter's state folded through `position`, compressed as one LZ4
/// frame (`CompressedBlob`: a 1.6 MB snapshot of a year's training is 0.4 MB), and `digest`, the
/// database's digest of the stream's rows 1…`position` (`digest`: the hashes of its first row's
/// line and of the line at `position`), computed by the statement that saves the row, from the
/// rows as the database holds them.
///
/// A row is used only when it proves it describes this stream's exact prefix, the CLI's proof
/// with the database's digest in place of the journal's chain and tail digest:
/// - the digest of the rows 1…`position` computed now is the row's (the stream starts with the
///   same event and holds the same event at `position`: not a stream removed and written again,
///   another database's, or one that diverged at or before `position`);
/// - the bytes decode (`StateSnapshot.decode`: this format, this code version, the checksum);
/// - the stamp names this lifter's stream (`SnapshotStamp.mismatch`: the journal id a lifter's
///   events carry is its uuid) and ends at `position`.
/// Anything else and the lifter folds from its first row: never wrong state, at worst a full fold.
enum SnapshotTable {
    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS wlog_snapshots (
            lifter uuid PRIMARY KEY,
            position bigint NOT NULL CHECK (position >= 1),
            digest text NOT NULL,
            bytes bytea NOT NULL,
            written timestamptz NOT NULL DEFAULT now()
        )
        """,
        // The bytes come compressed (`CompressedBlob`): PostgreSQL's own compression (pglz)
        // would only spend the database's CPU on them again, at every save and every load.
        "ALTER TABLE wlog_snapshots ALTER COLUMN bytes SET STORAGE EXTERNAL",
    ]

    /// The most bytes a row's compressed snapshot may declare (a 20-year history's is 30 MB).
    static let largestSnapshot = 1 << 30

    /// The digest of the stream `stream`'s rows 1…`through` (SQL expressions), as an SQL
    /// expression: the hashes of the lines at positions 1 and `through`, each seeded with its
    /// position — the stream's first event (its identity: a stream removed and written again, or
    /// another database's, starts with another id) and the last one the snapshot folded (a prefix
    /// that diverged there, or a row missing, differs). Two index lookups, whatever the history's
    /// length: hashing every covered line took 157 ms of the database for a 135,793-event history,
    /// as long as reading them, where this takes 0.24 ms. Computed in the database (nothing
    /// crosses the wire), the same on every server and version (`hashtextextended` is what hash
    /// partitioning keeps stable).
    static func digest(stream: String, through: String) -> String {
        """
        coalesce((SELECT string_agg(hashtextextended(e.line, e.position)::text, ':' ORDER BY e.position)
                  FROM wlog_events e WHERE e.lifter = \(stream) AND e.position IN (1, \(through))), '')
        """
    }

    /// The stamp a lifter's state folded through `lastSeq` is saved with: its stream (the journal
    /// id a lifter's events carry, its uuid) and its last position. The covered rows are pinned by
    /// the row's `digest`, so the journal's chain and tail digest stay at their empty values.
    static func stamp(_ lifter: LifterID, lastSeq: UInt64) -> SnapshotStamp {
        SnapshotStamp(journalID: lifter.uuid, lastSeq: lastSeq, tailDigest: FNV1a.offsetBasis, chainHead: "", sealedThrough: 0)
    }

    /// A snapshot row as loaded: the position it covers, its bytes, and whether the digest of the
    /// rows it covers, computed now, is the one saved with it.
    struct Row {
        var position: UInt64
        var bytes: ByteBuffer
        var digestHolds: Bool
    }

    /// The lifter's snapshot row (one round trip, the digest computed by the database), nil when none.
    static func load(_ lifter: LifterID, run: EventsSQL.Run) async throws -> Row? {
        let query: PostgresQuery = """
            SELECT s.position, s.bytes, s.digest = \(unescaped: digest(stream: "s.lifter", through: "s.position"))
            FROM wlog_snapshots s WHERE s.lifter = \(lifter.uuid)::uuid
            """
        for try await (position, bytes, holds) in try await run(query).decode((Int64, ByteBuffer, Bool).self) {
            return Row(position: UInt64(max(0, position)), bytes: bytes, digestHolds: holds)
        }
        return nil
    }

    /// What a row proves: its state, or why it is not used.
    enum Proof {
        case holds(WlogState)
        case refused(String)
    }

    /// The state `row` holds when it proves it describes `lifter`'s stream; else why not.
    static func state(of row: Row, lifter: LifterID) -> Proof {
        guard row.digestHolds else {
            return .refused("the rows 1…\(row.position) it covers are not the ones it was saved from")
        }
        let memory: SnapshotMemory
        switch row.bytes.withUnsafeReadableBytes(Self.memory(of:)) {
        case .success(let read): memory = read
        case .failure(let damage): return .refused("its compressed bytes cannot be read: \(damage)")
        }
        let decoded: (stamp: SnapshotStamp, state: WlogState)
        do {
            decoded = try StateSnapshot.decode(memory)
        } catch {
            return .refused(error.description)
        }
        if let mismatch = decoded.stamp.mismatch(journalID: lifter.uuid, chainAtSealedThrough: "") {
            return .refused(mismatch)
        }
        guard decoded.stamp.lastSeq == row.position else {
            return .refused("its state ends at \(decoded.stamp.lastSeq), the row says \(row.position)")
        }
        return .holds(decoded.state)
    }

    /// The snapshot bytes a row holds: compressed as this server saves them, or as they are (the
    /// rows of servers before compression).
    static func memory(of bytes: UnsafeRawBufferPointer) -> Result<SnapshotMemory, CompressedBlob.Damage> {
        guard CompressedBlob.isCompressed(bytes) else { return .success(SnapshotMemory(copying: bytes)) }
        return CompressedBlob.decompress(bytes, limit: largestSnapshot) { SnapshotMemory(copying: $0) }
    }

    /// Saves `bytes` (a snapshot stamped by `stamp(_:lastSeq:)` at `position`) as the lifter's
    /// row, compressed (`CompressedBlob`), replacing any, with the digest of the rows it covers
    /// computed in the same statement.
    static func save(_ bytes: [UInt8], position: UInt64, lifter: LifterID, run: EventsSQL.Run) async throws {
        let buffer = ByteBuffer(bytes: try CompressedBlob.compress(bytes))
        try await EventsSQL.execute("""
            INSERT INTO wlog_snapshots (lifter, position, digest, bytes)
            SELECT s.lifter, s.position, \(unescaped: digest(stream: "s.lifter", through: "s.position")), s.bytes
            FROM (SELECT \(lifter.uuid)::uuid AS lifter, \(Int64(position))::bigint AS position, \(buffer)::bytea AS bytes) s
            ON CONFLICT (lifter) DO UPDATE SET position = EXCLUDED.position, digest = EXCLUDED.digest,
                bytes = EXCLUDED.bytes, written = EXCLUDED.written
            """, run)
    }

    /// Removes the lifter's row (with its events: `removeEvents`).
    static func remove(_ lifter: LifterID, run: EventsSQL.Run) async throws {
        try await EventsSQL.execute("DELETE FROM wlog_snapshots WHERE lifter = \(lifter.uuid)::uuid", run)
    }
}
