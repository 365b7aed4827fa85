import PostgresNIO
import Testing
import WlogCore
import WlogJournal
@testable import WlogPostgres
import WlogStore

/// The PostgreSQL store's snapshots (`SnapshotTable`, docs/SERVER-POSTGRES.md "Snapshots"): a lifter
/// loaded cold from its snapshot row and the rows after it has exactly the state a fold from the
/// first row gives, and folds only the rows after the snapshot; a row that does not prove it
/// describes the stream — another lifter's copied over, an older format, a damaged one, one
/// whose covered rows changed, one past a stream cut back — is never used.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct PostgresSnapshotTests {
    static let now = Instant(iso8601: "2026-01-15T09:30:00Z")!
    static let lifter = LifterID("00000000-0000-4000-8000-0000000000a1")!
    static let other = LifterID("00000000-0000-4000-8000-0000000000b2")!

    /// How a cold store loaded the lifter: its state in the snapshot's bytes (records cached,
    /// under one stamp: equal bytes are equal states), whether it resumed from a row, and how
    /// many rows it folded.
    struct Cold: Equatable {
        var bytes: [UInt8]
        var resumed: Int
        var rowsFolded: Int
    }

    /// Loads `lifter` in a new store on `url` (snapshots `enabled`, written past `threshold`),
    /// its snapshot writes finished before it closes.
    static func cold(_ url: DatabaseURL, _ lifter: LifterID = lifter, enabled: Bool = true, threshold: UInt64 = 4_000) async throws -> Cold {
        var cold = Cold(bytes: [], resumed: 0, rowsFolded: 0)
        try await PostgresTestDatabase.withStores(1, on: url) { stores, _ in
            let store = stores[0]
            store.snapshots.use(enabled: enabled, threshold: threshold)
            var state = try await store.read(lifter) { $0.state }
            await store.snapshots.drain()
            state.cacheRecords()
            let stamp = SnapshotStamp(journalID: "x", lastSeq: state.lastSeq, tailDigest: 0, chainHead: "", sealedThrough: 0)
            cold = Cold(bytes: StateSnapshot.encode(state, stamp: stamp), resumed: store.snapshots.resumed,
                        rowsFolded: store.snapshots.rowsFolded)
        }
        return cold
    }

    /// Logs commits of `sizes` sets each, a day apart from `day`, through a store with snapshots off.
    static func log(_ url: DatabaseURL, _ lifter: LifterID = lifter, sizes: [Int], day: Int) async throws {
        try await PostgresTestDatabase.withStores(1, on: url) { stores, _ in
            stores[0].snapshots.use(enabled: false, threshold: 0)
            for (k, size) in sizes.enumerated() {
                let at = now.adding(milliseconds: Int64(day + k) * 86_400_000)
                _ = try await stores[0].write(lifter, at: at, actor: "api", fixedIDs: []) { view, context in
                    try decide(.logSets(LogSets(exercise: k % 2 == 0 ? "bench-press" : "back-squat", reps: 1 + (day + k) % 8,
                                                weight: .kg(Double(60 + (day * 7 + k * 13) % 90)), count: size)),
                               state: view.state, context: context)
                } render: { _, events in events.count }
            }
        }
    }

    /// Expects two loads to have the same state (a failure names the sizes, not every byte).
    static func expectSame(_ a: Cold, _ b: Cold, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        guard a.bytes != b.bytes else { return }
        Issue.record("\(what) the states differ: \(a.bytes.count) and \(b.bytes.count) bytes, the first difference at byte \(zip(a.bytes, b.bytes).prefix { $0 == $1 }.count)",
                     sourceLocation: sourceLocation)
    }

    static func run(_ url: DatabaseURL, _ sql: String) async throws {
        _ = try await PostgresTestDatabase.column(url, sql + " RETURNING 1", as: Int32.self)
    }

    /// Changes the snapshot `lifter`'s row holds (decompressed, changed, compressed again).
    static func rewrite(_ url: DatabaseURL, _ lifter: LifterID, _ change: (inout [UInt8]) -> Void) async throws {
        var snapshot = try decompressed(try await rowBytes(url, lifter))
        change(&snapshot)
        try await setRowBytes(url, lifter, try CompressedBlob.compress(snapshot))
    }

    /// The bytes `lifter`'s row holds.
    static func rowBytes(_ url: DatabaseURL, _ lifter: LifterID) async throws -> [UInt8] {
        let rows = try await PostgresTestDatabase.column(url, "SELECT bytes FROM wlog_snapshots WHERE lifter = '\(lifter)'", as: ByteBuffer.self)
        return Array(buffer: try #require(rows.first))
    }

    static func setRowBytes(_ url: DatabaseURL, _ lifter: LifterID, _ bytes: [UInt8]) async throws {
        try await PostgresTestDatabase.admin(url) { client in
            let query: PostgresQuery = "UPDATE wlog_snapshots SET bytes = \(ByteBuffer(bytes: bytes)) WHERE lifter = \(lifter.uuid)::uuid"
            _ = try await client.query(query)
        }
    }

    static func decompressed(_ frame: [UInt8]) throws -> [UInt8] {
        try frame.withUnsafeBytes { try CompressedBlob.decompress($0, limit: SnapshotTable.largestSnapshot) { Array($0) }.get() }
    }

    /// With a fresh database: `body`, then the database dropped.
    static func withDatabase(_ body: (DatabaseURL) async throws -> Void) async throws {
        let url = try await PostgresTestDatabase.fresh()
        do {
            try await body(url)
        } catch {
            try? await PostgresTestDatabase.drop(url)
            throw error
        }
        try await PostgresTestDatabase.drop(url)
    }

    /// A cold load writes the row (threshold 0); after more commits a cold load starts from it,
    /// folds only the rows after its position, and has the full fold's state byte for byte.
    @Test(arguments: [[3], [5, 2, 7]])
    func aColdLoadFromTheRowIsTheFullFold(sizes: [Int]) async throws {
        try await Self.withDatabase { url in
            try await Self.log(url, sizes: sizes, day: 0)
            let first = try await Self.cold(url, threshold: 0)
            #expect(first.resumed == 0)
            let saved = try await PostgresTestDatabase.column(url, "SELECT position FROM wlog_snapshots", as: Int64.self)
            let total = try await PostgresTestDatabase.column(url, "SELECT count(*) FROM wlog_events", as: Int64.self)
            #expect(saved == total, "the row covers every row folded")
            try await Self.log(url, sizes: [4, 1], day: 10)
            let resumed = try await Self.cold(url)
            let full = try await Self.cold(url, enabled: false)
            let after = try await PostgresTestDatabase.column(url, "SELECT count(*) FROM wlog_events", as: Int64.self)
            #expect(resumed.resumed == 1, "the snapshot row was not used")
            #expect(resumed.rowsFolded == Int(after[0] - saved[0]), "read only the rows after the snapshot's position")
            #expect(full.rowsFolded == Int(after[0]))
            Self.expectSame(resumed, full)
        }
    }

    /// What is done to the lifter's snapshot row or rows before the cold load.
    enum Spoil: String, CaseIterable, Sendable {
        /// The other lifter's row (the same history, the digest made to fit) copied over this one's.
        case anotherLifter
        /// The container's format number one lower (an older wlog's).
        case olderFormat
        /// The last byte of the state changed (the digest still fits).
        case damaged
        /// A byte of the compressed frame changed (its checksums no longer hold).
        case compressedFrameDamaged
        /// The stream's rows removed and written again: as many rows, other sets.
        case coveredRowsChanged
        /// The stream cut back before the row's position (a database restored from an older
        /// backup), then written on.
        case streamCutBack
    }

    @Test(arguments: Spoil.allCases)
    func aRowThatDoesNotProveItsStreamIsNotUsed(spoil: Spoil) async throws {
        try await Self.withDatabase { url in
            let a = Self.lifter.uuid, b = Self.other.uuid
            for lifter in [Self.lifter, Self.other] { try await Self.log(url, lifter, sizes: [3, 2], day: 0) }
            for lifter in [Self.lifter, Self.other] { _ = try await Self.cold(url, lifter, threshold: 0) }
            #expect(try await Self.cold(url).resumed == 1, "the row is used before it is spoiled")
            switch spoil {
            case .anotherLifter:
                try await Self.run(url, """
                    UPDATE wlog_snapshots s SET bytes = o.bytes, position = o.position,
                        digest = \(SnapshotTable.digest(stream: "s.lifter", through: "o.position"))
                    FROM wlog_snapshots o WHERE s.lifter = '\(a)' AND o.lifter = '\(b)'
                    """)
            case .olderFormat:
                try await Self.rewrite(url, Self.lifter) { $0[8] &-= 1 }
            case .damaged:
                try await Self.rewrite(url, Self.lifter) { $0[$0.count - 1] &+= 1 }
            case .compressedFrameDamaged:
                try await Self.run(url, """
                    UPDATE wlog_snapshots SET bytes = set_byte(bytes, length(bytes) / 2, (get_byte(bytes, length(bytes) / 2) + 1) % 256)
                    WHERE lifter = '\(a)'
                    """)
            case .coveredRowsChanged:
                try await Self.run(url, "DELETE FROM wlog_events WHERE lifter = '\(a)'")
                try await Self.log(url, sizes: [2, 3], day: 5)
            case .streamCutBack:
                try await Self.run(url, "DELETE FROM wlog_events WHERE lifter = '\(a)' AND position > 2")
            }
            try await Self.log(url, sizes: [1], day: 20)
            let loaded = try await Self.cold(url)
            let full = try await Self.cold(url, enabled: false)
            #expect(loaded.resumed == 0, "\(spoil): the spoiled row was used")
            #expect(loaded.rowsFolded == full.rowsFolded, "\(spoil): folded from the first row")
            Self.expectSame(loaded, full, "\(spoil)")
        }
    }

    /// A row an earlier server saved uncompressed (the snapshot's bytes as they are) is used, and
    /// the rows this server saves are compressed: the frame holds the same bytes.
    @Test func aRowSavedUncompressedIsStillUsed() async throws {
        try await Self.withDatabase { url in
            try await Self.log(url, sizes: [3, 2], day: 0)
            _ = try await Self.cold(url, threshold: 0)
            let stored = try await Self.rowBytes(url, Self.lifter)
            let snapshot = try Self.decompressed(stored)
            #expect(stored.count < snapshot.count / 2, "saved compressed: \(stored.count) of \(snapshot.count) bytes")
            try await Self.setRowBytes(url, Self.lifter, snapshot)
            let loaded = try await Self.cold(url)
            #expect(loaded.resumed == 1, "the uncompressed row was not used")
            Self.expectSame(loaded, try await Self.cold(url, enabled: false))
        }
    }

    /// A held lifter whose own write takes it past the threshold is saved after that write
    /// (`PostgresSnapshots.refresh` where the state grows), not at its next request.
    @Test func aHeldLiftersWritePastTheThresholdSavesIt() async throws {
        try await Self.withDatabase { url in
            try await PostgresTestDatabase.withStores(1, on: url) { stores, _ in
                let store = stores[0]
                store.snapshots.use(enabled: true, threshold: 5)
                _ = try await store.write(Self.lifter, at: Self.now, actor: "api", fixedIDs: []) { view, context in
                    try decide(.logSets(LogSets(exercise: "bench-press", reps: 5, weight: .kg(100), count: 10)),
                               state: view.state, context: context)
                } render: { _, events in events.count }
                await store.snapshots.drain()
            }
            let saved = try await PostgresTestDatabase.column(url, "SELECT position FROM wlog_snapshots", as: Int64.self)
            let total = try await PostgresTestDatabase.column(url, "SELECT count(*) FROM wlog_events", as: Int64.self)
            #expect(saved == total, "the row covers the write's last row")
            let resumed = try await Self.cold(url)
            #expect(resumed.resumed == 1)
            Self.expectSame(resumed, try await Self.cold(url, enabled: false))
        }
    }

    /// A lifter dropped by the memory bound more than 256 rows past its snapshot is saved as it
    /// goes (threshold out of reach): the row covers its last position, and a cold load uses it.
    @Test func aDroppedLifterIsSaved() async throws {
        try await Self.withDatabase { url in
            try await Self.log(url, sizes: [100, 100, 100], day: 0)
            try await PostgresTestDatabase.withStores(1, memoryLimit: 1, on: url) { stores, _ in
                stores[0].snapshots.use(enabled: true, threshold: 1_000_000)
                _ = try await stores[0].read(Self.lifter) { $0.state.lastSeq }
                await stores[0].snapshots.drain()
            }
            let saved = try await PostgresTestDatabase.column(url, "SELECT position FROM wlog_snapshots", as: Int64.self)
            let total = try await PostgresTestDatabase.column(url, "SELECT count(*) FROM wlog_events", as: Int64.self)
            #expect(saved == total)
            let resumed = try await Self.cold(url)
            #expect(resumed.resumed == 1 && resumed.rowsFolded == 0)
            Self.expectSame(resumed, try await Self.cold(url, enabled: false))
        }
    }

    /// As the server stops (`saveForStop`), a held lifter more than `SnapshotWrites.stopMinimum`
    /// rows past its snapshot is saved through its last row (threshold and eviction out of reach),
    /// and the next load folds nothing after it; one at most that many rows past is left.
    @Test func aStopSavesTheHeldLiftersThatMoved() async throws {
        try await Self.withDatabase { url in
            let moved = Self.lifter, barely = LifterID("00000000-0000-4000-8000-0000000000b2")!
            try await Self.log(url, sizes: [20, 20], day: 0)
            try await Self.log(url, barely, sizes: [Int(SnapshotWrites.stopMinimum)], day: 0)
            try await PostgresTestDatabase.withStores(1, on: url) { stores, _ in
                stores[0].snapshots.use(enabled: true, threshold: 1_000_000)
                for lifter in [moved, barely] { _ = try await stores[0].read(lifter) { $0.state.lastSeq } }
                #expect(await stores[0].saveForStop() == 1)
            }
            let saved = try await PostgresTestDatabase.column(url, "SELECT position FROM wlog_snapshots", as: Int64.self)
            #expect(saved == [40], "one row, through the moved lifter's last")
            let resumed = try await Self.cold(url)
            #expect(resumed.resumed == 1 && resumed.rowsFolded == 0)
            Self.expectSame(resumed, try await Self.cold(url, enabled: false))
        }
    }
}
