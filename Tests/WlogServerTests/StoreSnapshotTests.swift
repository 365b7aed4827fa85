import Foundation
import Testing
import WlogCore
import WlogGenerator
import WlogSnapshotFile
import WlogStore
import WlogTestSupport

/// The embedded store's snapshots (docs/SERVER-STORAGE.md, "Snapshots"): a lifter loaded cold from the
/// snapshot beside the journal and the events after it has exactly the state a fold from the
/// first event gives, and a snapshot that does not prove it describes this journal — another
/// journal's, a diverged copy's, a tampered one, an older format's, one ahead of the journal, one
/// a crash left torn — is never used.
@Suite struct StoreSnapshotTests {
    typealias Fixture = StoreTests.Fixture
    /// Every fold writes a snapshot (threshold 0), so that each test controls where it stands.
    static let eager = SnapshotPolicy(threshold: 0)
    static let off = SnapshotPolicy(enabled: false)

    /// A store over `root`'s lifters with `policy`, nothing loaded.
    static func store(_ root: String, _ policy: SnapshotPolicy) throws -> JournalStore {
        try JournalStore(root: root, memoryLimit: 64 << 20, snapshots: policy)
    }

    /// The state as a cold store with `policy` loads it, in the snapshot's bytes (records cached
    /// on both sides, under one stamp): equal bytes are equal states. And how many loads resumed.
    static func coldState(_ root: String, _ lifter: LifterID, _ policy: SnapshotPolicy) async throws -> (bytes: [UInt8], resumed: Int) {
        let store = try store(root, policy)
        var state = try await store.read(lifter) { $0.state }
        await store.snapshots.drain()
        state.cacheRecords()
        let stamp = SnapshotStamp(journalID: "x", lastSeq: state.lastSeq, tailDigest: 0, chainHead: "", sealedThrough: 0)
        return (StateSnapshot.encode(state, stamp: stamp), store.snapshots.resumed)
    }

    /// Logs commits of `sizes` sets each (at most 100, a set line's repeat), a day apart from `day`, alternating exercises and loads.
    static func log(_ store: JournalStore, _ lifter: LifterID, sizes: [Int], day: Int) async throws {
        for (k, size) in sizes.enumerated() {
            let at = StoreTests.now.adding(milliseconds: Int64(day + k) * 86_400_000)
            try await store.write(lifter, at: at, actor: "api", fixedIDs: []) { view, context in
                try decide(.logSets(LogSets(exercise: k % 2 == 0 ? "bench-press" : "back-squat", reps: 1 + (day + k) % 8,
                                            weight: .kg(Double(60 + (day * 7 + k * 13) % 90)), count: size)),
                           state: view.state, context: context)
            } render: { _, events in events.count }
        }
    }

    /// For several histories (sealed by `wlog compact` or not, between or after the snapshot): the
    /// cold load from the snapshot plus the events after it is the full fold, byte for byte.
    @Test(arguments: 0..<6)
    func aColdLoadFromTheSnapshotIsTheFullFold(seed: Int) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var random = Xoshiro(seed: UInt64(seed))
        let lifter = StoreTests.lifter(seed + 1)
        let writer = try Self.store(fixture.root, Self.off)
        try await Self.log(writer, lifter, sizes: (0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 1...100, using: &random) }, day: 0)
        if seed % 2 == 1 { try #require(try await fixture.wlog(lifter, ["compact"]).status == 0) }
        // A cold load writes the snapshot (threshold 0); the events after it come from another store.
        let first = try await Self.coldState(fixture.root, lifter, Self.eager)
        #expect(first.resumed == 0)
        #expect(FileManager.default.fileExists(atPath: fixture.store.journalPath(of: lifter) + ".snap"))
        let tail = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 1...100, using: &random) }
        try await Self.log(try Self.store(fixture.root, Self.off), lifter, sizes: tail, day: 10)
        if seed % 3 == 2 { try #require(try await fixture.wlog(lifter, ["compact"]).status == 0) }
        let resumed = try await Self.coldState(fixture.root, lifter, SnapshotPolicy())
        let full = try await Self.coldState(fixture.root, lifter, Self.off)
        #expect(resumed.resumed == 1, "seed \(seed): the snapshot was not used")
        #expect(resumed.bytes == full.bytes, "seed \(seed)")
    }

    /// What is done to the lifter's journal or snapshot before the cold load.
    enum Spoil: String, CaseIterable, Sendable {
        /// Another lifter's (another journal id) snapshot put beside this journal.
        case anotherJournal
        /// A copy of this journal that diverged at one sequence, its snapshot put beside this one.
        case divergedCopy
        /// A byte of the snapshot's state changed.
        case tampered
        /// The snapshot's format number one lower (an older wlog's container).
        case olderFormat
        /// The snapshot's code version changed (an older wlog's state).
        case olderCode
        /// The snapshot of this journal's longer self, beside the journal cut back.
        case aheadOfTheJournal
        /// Cut short, as a crash in the middle of writing it (no `fsync`) can leave it, with the
        /// writer's temp file left behind.
        case tornByACrash
    }

    @Test(arguments: Spoil.allCases)
    func aSnapshotThatDoesNotProveItselfIsNeverUsed(spoil: Spoil) async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let a = StoreTests.lifter(1), b = StoreTests.lifter(2)
        let pathA = fixture.store.journalPath(of: a), pathB = fixture.store.journalPath(of: b)
        let writer = try Self.store(fixture.root, Self.off)
        try await Self.log(writer, a, sizes: [40, 30], day: 0)
        try await Self.log(writer, b, sizes: [40, 30], day: 0)
        let files = FileManager.default
        switch spoil {
        case .anotherJournal:
            _ = try await Self.coldState(fixture.root, a, Self.eager)
            try Self.replace(pathB + ".snap", with: Data(contentsOf: URL(fileURLWithPath: pathA + ".snap")))
        case .divergedCopy, .aheadOfTheJournal:
            // B becomes a copy of A (same journal id); then A goes on and is snapshotted.
            try Self.replace(pathB, with: Data(contentsOf: URL(fileURLWithPath: pathA)))
            try await Self.log(try Self.store(fixture.root, Self.off), a, sizes: [25], day: 5)
            if spoil == .divergedCopy { try await Self.log(try Self.store(fixture.root, Self.off), b, sizes: [25], day: 6) }
            _ = try await Self.coldState(fixture.root, a, Self.eager)
            try Self.replace(pathB + ".snap", with: Data(contentsOf: URL(fileURLWithPath: pathA + ".snap")))
        case .tampered, .olderFormat, .olderCode, .tornByACrash:
            _ = try await Self.coldState(fixture.root, b, Self.eager)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pathB + ".snap")))
            switch spoil {
            case .tampered: bytes[bytes.count - 40] ^= 0x01
            case .olderFormat: bytes[8] -= 1  // the format varint, right after the 8-byte magic
            case .olderCode: bytes[10 + 5] ^= 0x20  // a letter of the code version (after its length)
            default:
                bytes = Array(bytes.prefix(bytes.count / 2))
                try Self.replace(pathB + ".snap.tmp-999", with: Data(bytes.prefix(100)))
            }
            try Self.replace(pathB + ".snap", with: Data(bytes))
        }
        #expect(files.fileExists(atPath: pathB + ".snap"))
        let cold = try await Self.coldState(fixture.root, b, SnapshotPolicy())
        let full = try await Self.coldState(fixture.root, b, Self.off)
        #expect(cold.resumed == 0, "\(spoil): the snapshot was used")
        #expect(cold.bytes == full.bytes, "\(spoil)")
        // The store stays usable: it writes, and a good snapshot written after is used again.
        let store = try Self.store(fixture.root, Self.eager)
        try await Self.log(store, b, sizes: [3], day: 9)
        await store.snapshots.drain()
        let again = try await Self.coldState(fixture.root, b, SnapshotPolicy())
        #expect(again.resumed == 1, "\(spoil): no good snapshot after")
        #expect(again.bytes == (try await Self.coldState(fixture.root, b, Self.off)).bytes)
    }

    /// A lifter unloaded (the memory bound) more than a few hundred events past its snapshot is
    /// saved on the snapshot queue, and loads from it next time.
    @Test func anEvictedLifterIsSavedAndLoadsFromItsSnapshot() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let lifter = StoreTests.lifter(3)
        let store = try Self.store(fixture.root, SnapshotPolicy())
        try await Self.log(store, lifter, sizes: [100, 100, 100], day: 0)
        let path = fixture.store.journalPath(of: lifter) + ".snap"
        #expect(!FileManager.default.fileExists(atPath: path), "300 events, under the threshold: no snapshot while held")
        store.unloadAll()
        await store.snapshots.drain()
        #expect(FileManager.default.fileExists(atPath: path))
        let cold = try await Self.coldState(fixture.root, lifter, SnapshotPolicy())
        #expect(cold.resumed == 1)
        #expect(cold.bytes == (try await Self.coldState(fixture.root, lifter, Self.off)).bytes)
    }

    /// As the server stops (`saveForStop`), a held lifter more than `SnapshotWrites.stopMinimum`
    /// events past its snapshot is saved through its last event (threshold and eviction out of
    /// reach) and loads from it next time; one at most that many events past is left.
    @Test func aStopSavesTheHeldLiftersThatMoved() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let moved = StoreTests.lifter(4), barely = StoreTests.lifter(5)
        let store = try Self.store(fixture.root, SnapshotPolicy(threshold: 1_000_000))
        try await Self.log(store, moved, sizes: [20, 20], day: 0)
        try await Self.log(store, barely, sizes: [Int(SnapshotWrites.stopMinimum)], day: 0)
        #expect(await store.saveForStop() == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.journalPath(of: barely) + ".snap"))
        let snapshot = try #require(JournalSnapshot(journal: fixture.store.journalPath(of: moved)).read())
        #expect(snapshot.stamp.lastSeq == (try await store.read(moved) { $0.state.lastSeq }))
        let cold = try await Self.coldState(fixture.root, moved, SnapshotPolicy())
        #expect(cold.resumed == 1)
        #expect(cold.bytes == (try await Self.coldState(fixture.root, moved, Self.off)).bytes)
    }

    /// Replaces the file at `path` with `data`.
    static func replace(_ path: String, with data: Data) throws {
        try? FileManager.default.removeItem(atPath: path)
        try data.write(to: URL(fileURLWithPath: path))
    }
}
