import Foundation
import Synchronization
import Testing
import WlogStore
import WlogTestSupport

/// A server killed while a commit's seal rewrote the hot tail in place leaves the seal record
/// (`journal.wlog.seal`) and a tail half rewritten. After the restart the lifter's first request
/// may be a read: it finishes the seal as a write's open would, and answers every acknowledged set,
/// never 503 `JOURNAL_DAMAGED` (the server crash test met this as a GET answered 503).
@Suite struct InterruptedSealTests {
    static let lifter = "5ea15ea1-5ea1-45ea-85ea-5ea15ea15ea1"

    /// The journal and its seal record as `kill` leaves them (`InterruptedSeal`). The snapshot the
    /// server saved at its stop goes too: a killed server saves none, so the events are read from
    /// the tail.
    private static func interruptSeal(of path: String, _ kill: InterruptedSeal.Kill) throws {
        try? FileManager.default.removeItem(atPath: path + ".snap")
        try InterruptedSeal.leave(path, kill)
    }

    @Test(arguments: InterruptedSeal.Kill.allCases, [JournalStore.CommitFlush.each, .group])
    func aReadAfterTheRestartFinishesTheSealAndAnswersEverySet(kill: InterruptedSeal.Kill, flush: JournalStore.CommitFlush) async throws {
        let harness = try ServerHarness(commitFlush: flush)
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        let path = harness.journal(Self.lifter)
        let weights = (0..<40).map { 100 + Double($0) / 2 }
        let workout = Mutex("")
        try await harness.run { client in
            let api = API(client: client, token: token)
            let id = try await ServerSecurityTests.openWorkout(api)
            for kg in weights {
                _ = try await api.post("workouts/\(id)/exercises/bench-press/sets", #"{"reps":5,"weightKg":\#(kg)}"#).success(.created)
            }
            workout.withLock { $0 = id }
        }
        try Self.interruptSeal(of: path, kill)
        let torn = try await ServerHarness.wlog(["--journal", path, "verify"])
        #expect(torn.status != 0, "the rewritten tail reads as damage (or torn) until the seal is finished")
        let id = workout.withLock { $0 }
        try await harness.run { client in
            let api = API(client: client, token: token)
            let sets = try await api.get("workouts/\(id)").success(.ok)["exercises"]?[0]?["sets"]?.array ?? []
            #expect(sets.compactMap { $0["weightKg"]?.number }.sorted() == weights, "\(kill), flush \(flush)")
            _ = try await api.post("workouts/\(id)/exercises/bench-press/sets", #"{"reps":5,"weightKg":120}"#).success(.created)
        }
        #expect(!FileManager.default.fileExists(atPath: path + ".seal"))
        let verified = try await ServerHarness.wlog(["--journal", path, "verify"])
        #expect(verified.status == 0, "\(verified.stderr)")
    }

    /// The change feed reads the journal without the lifter's state: it too finishes the seal.
    @Test func theChangeFeedAfterTheRestartFinishesTheSeal() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        let path = harness.journal(Self.lifter)
        let before = Mutex<[String]>([])
        try await harness.run { client in
            let api = API(client: client, token: token)
            let id = try await ServerSecurityTests.openWorkout(api)
            for kg in 0..<30 {
                _ = try await api.post("workouts/\(id)/exercises/bench-press/sets", #"{"reps":5,"weightKg":\#(100 + kg)}"#).success(.created)
            }
            let lines = try await api.get("events").success(.ok)["events"]?.array?.compactMap(\.string) ?? []
            before.withLock { $0 = lines }
        }
        try Self.interruptSeal(of: path, .afterTheCut)
        try await harness.run { client in
            let lines = try await API(client: client, token: token).get("events").success(.ok)["events"]?.array?.compactMap(\.string) ?? []
            #expect(lines.count >= 31 && lines == before.withLock { $0 })
        }
        #expect(!FileManager.default.fileExists(atPath: path + ".seal"))
    }
}
