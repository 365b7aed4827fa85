import Foundation
import HTTPTypes
import Synchronization
import Testing
import WlogStore

/// The issue's damage test for each place of a journal (issue 37): the header, a sealed chunk,
/// the hot tail, the acknowledged last frame and a tail cut short, each with the server running
/// and after a restart. No read answers 200 without saying data is missing (every read and write
/// answers 503 `JOURNAL_DAMAGED`), no write is acknowledged (the file keeps its bytes, nothing is
/// moved to quarantine), and after `wlog repair` every acknowledged write before the damage reads
/// back and writing goes on.
@Suite struct JournalDamagePlaceTests {
    static let lifter = "37373737-3737-4737-8737-373737373737"

    /// Where the damage is made.
    enum Place: String, CaseIterable, Sendable {
        case header, sealedChunk, hotTail, lastFrame, truncatedTail
    }

    /// Byte offsets of the journal built by `build`: after the first sealed chunk, after the second,
    /// where the last commit starts, and the end.
    struct Layout: Sendable {
        var chunkA = 0, chunkB = 0, lastCommit = 0, end = 0
    }

    /// Sets 1–2 in sealed chunk A (with the workout), 3–4 in sealed chunk B, 5 and 6 in hot-tail
    /// commits, 7 in the last commit; every one acknowledged (201) before the next.
    private static func build(_ harness: ServerHarness, _ api: API) async throws -> (workout: String, layout: Layout) {
        let path = harness.journal(lifter)
        func size() throws -> Int { try #require(harness.journalBytes(lifter)).count }
        func set(_ workout: String, _ kg: Int) async throws {
            _ = try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":\#(kg)}"#).success(.created)
        }
        func compact() async throws {
            let run = try await ServerHarness.wlog(["--journal", path, "compact"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let workout = try await ServerSecurityTests.openWorkout(api)
        var layout = Layout()
        for kg in [100, 101] { try await set(workout, kg) }
        try await compact()
        layout.chunkA = try size()
        for kg in [102, 103] { try await set(workout, kg) }
        try await compact()
        layout.chunkB = try size()
        for kg in [104, 105] { try await set(workout, kg) }
        layout.lastCommit = try size()
        try await set(workout, 106)
        layout.end = try size()
        return (workout, layout)
    }

    /// Damages `place`; returns how many sets were acknowledged before the damage.
    private static func damage(_ place: Place, _ layout: Layout, in path: String) throws -> Int {
        var bytes = try #require(FileManager.default.contents(atPath: path))
        switch place {
        case .header: bytes[5] ^= 0xFF
        // 30 bytes into a frame: its first block's data (the header is 19 bytes).
        case .sealedChunk: bytes[layout.chunkA + 30] ^= 0x01
        case .hotTail: bytes[layout.chunkB + 30] ^= 0x01
        case .lastFrame: bytes[layout.lastCommit + 30] ^= 0x01
        case .truncatedTail: bytes = bytes.prefix((layout.lastCommit + layout.end) / 2)
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        return switch place {
        case .header: 0
        case .sealedChunk: 2
        case .hotTail: 4
        case .lastFrame, .truncatedTail: 6
        }
    }

    /// Every read and write of the lifter answers 503 `JOURNAL_DAMAGED`; nothing is written.
    private static func expectRefused(_ api: API, workout: String, harness: ServerHarness, bytes: Data, _ context: String) async throws {
        let calls: [(HTTPRequest.Method, String, String?)] = [
            (.get, "workouts?page=1&pageSize=20", nil), (.get, "workouts/\(workout)", nil), (.get, "events", nil), (.get, "prs", nil),
            (.post, "workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":110}"#), (.post, "bodyweight", #"{"weightKg":80}"#),
        ]
        for (method, path, body) in calls {
            let reply = try await api.call(method, path, body)
            #expect(reply.status == .serviceUnavailable && reply.code == "JOURNAL_DAMAGED", "\(context): \(method) \(path): \(reply.status) \(reply.body)")
        }
        #expect(harness.journalBytes(lifter) == bytes, "\(context): a byte was written")
        #expect(!FileManager.default.fileExists(atPath: harness.journal(lifter) + ".quarantine"), "\(context)")
    }

    @Test(arguments: Place.allCases, [JournalStore.CommitFlush.each, .group])
    func damageIsRefusedUntilRepairedAndTheWritesBeforeItReadBack(place: Place, flush: JournalStore.CommitFlush) async throws {
        let harness = try ServerHarness(commitFlush: flush)
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        let path = harness.journal(Self.lifter)
        let built = Mutex<(String, Int, Data)>(("", 0, Data()))
        let context = "\(place), flush \(flush)"
        try await harness.run { client in
            let api = API(client: client, token: token)
            let (workout, layout) = try await Self.build(harness, api)
            let before = try Self.damage(place, layout, in: path)
            let bytes = try #require(harness.journalBytes(Self.lifter))
            built.withLock { $0 = (workout, before, bytes) }
            try await Self.expectRefused(api, workout: workout, harness: harness, bytes: bytes, context + ", running")
        }
        let (workout, before, bytes) = built.withLock { $0 }
        try await harness.run { client in
            try await Self.expectRefused(API(client: client, token: token), workout: workout, harness: harness, bytes: bytes, context + ", restarted")
        }
        let repair = try await ServerHarness.wlog(["--journal", path, "repair", "--yes"])
        guard place != .header else {
            // A header cannot be repaired: restore the file from a backup.
            #expect(repair.status == 74, "\(repair.stderr)")
            return
        }
        #expect(repair.status == 0, "\(context): \(repair.stderr)")
        try await harness.run { client in
            let api = API(client: client, token: token)
            let sets = try await api.get("workouts/\(workout)").success(.ok)["exercises"]?[0]?["sets"]?.array ?? []
            // (Sorted: the harness's fixed clock gives every set one time, which leaves their order open.)
            let weights = sets.compactMap { $0["weightKg"]?.number }.sorted()
            #expect(weights == (0..<before).map { Double(100 + $0) }, "\(context)")
            _ = try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":110}"#).success(.created)
        }
    }
}
