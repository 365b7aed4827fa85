import Foundation
import Testing
import WlogTestSupport

/// A `wlog` killed while its seal rewrote the hot tail leaves the seal record beside the journal.
/// The next read command finishes the seal, as the next write would, and reads every event: no
/// warning that acknowledged events are missing, no advice to repair what is whole.
@Suite struct InterruptedSealCLITests {
    @Test(arguments: InterruptedSeal.Kill.allCases)
    func aReadCommandFinishesTheSealAndReadsEverySet(kill: InterruptedSeal.Kill) async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        try #require(try await wlog.run(["append", "workout", "start", "--at", "2026-11-20T17:00"]).status == 0)
        let weights = (0..<12).map { 100 + $0 * 5 }
        for kg in weights { try #require(try await wlog.run(["append", "set", "bench", "\(kg)x5"]).status == 0) }
        let whole = try await wlog.run(["history", "--format", "csv"])
        try #require(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
        // A snapshot would answer without reading the tail: the kill leaves the tail to read.
        try? FileManager.default.removeItem(atPath: wlog.journal + ".snap")
        try InterruptedSeal.leave(wlog.journal, kill)
        // verify reports the file as it is, and says what the record is.
        let torn = try await wlog.run(["verify"])
        #expect(torn.status == 74 && torn.stderr.contains("a seal record lies beside it"), "\(kill): \(torn.stderr)")
        let read = try await wlog.run(["history", "--format", "csv"])
        #expect(read.status == 0 && read.stderr.isEmpty, "\(kill): \(read.stderr)")
        #expect(read.stdout == whole.stdout, "\(kill)")
        #expect(!FileManager.default.fileExists(atPath: wlog.journal + ".seal"), "\(kill)")
        let verify = try await wlog.run(["verify"])
        #expect(verify.status == 0, "\(kill): \(verify.stderr)")
    }

    @Test func repairFinishesTheSealWithoutQuarantine() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        for kg in [100, 105, 110, 115, 120, 125] { try #require(try await wlog.run(["append", "set", "squat", "\(kg)x3"]).status == 0) }
        let whole = try await wlog.run(["export", "sets", "--format", "csv"])
        try #require(whole.status == 0)
        try InterruptedSeal.leave(wlog.journal, .afterTheCut)
        let repair = try await wlog.run(["repair"])
        #expect(repair.status == 0, "no question asked: \(repair.stderr)")
        #expect(repair.stdout.contains("finished a seal a crash interrupted") && repair.stdout.contains("nothing to repair"), "\(repair.stdout)")
        #expect(!FileManager.default.fileExists(atPath: wlog.journal + ".quarantine"))
        #expect(try await wlog.run(["export", "sets", "--format", "csv"]).stdout == whole.stdout)
    }
}
