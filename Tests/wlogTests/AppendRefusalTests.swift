import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every refusal class of `wlog append`: the exit status of cli.md, `wlog: error:` naming the
/// field and the fix, and a journal left byte-identical.
@Suite("Append refusals", .serialized)
struct AppendRefusalTests {
    /// A journal with one bench set (id `5e…01`) that was then deleted, and one live squat set.
    static func journal() async throws -> WlogProcess {
        let wlog = try WlogProcess()
        try #require(try await wlog.run(["init", "--unit", "kg", "--tz", "Europe/Berlin"]).status == 0)
        let deleted = "5e000001" + String(repeating: "0", count: 24)
        try #require(try await wlog.run(["append", "set", "bench", "100x5", "--at", "2026-11-18T18:00", "--id", deleted]).status == 0)
        try #require(try await wlog.run(["append", "delete", "5e000001"]).status == 0)
        try #require(try await wlog.run(["append", "set", "squat", "140x5", "--at", "2026-11-19T18:00"]).status == 0)
        return wlog
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        /// Text the error must contain after `wlog: error: `.
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["append", "set", "benhc", "100x5"], status: 65,
             message: "set.exercise: \"benhc\" is unknown — did you mean Bench Press"),
        Case(arguments: ["append", "set", "dumbbell", "10x5"], status: 65,
             message: "set.exercise: \"dumbbell\" is ambiguous — it could be Dumbbell Bench Press"),
        Case(arguments: ["append", "set", "bench", "100y5"], status: 64, message: "set SPEC '100y5': not a set"),
        Case(arguments: ["append", "set", "bench", "100x"], status: 64, message: "set SPEC '100x': reps must be a whole number"),
        Case(arguments: ["append", "set", "bench", "100x5", "--rpe", "11"], status: 65,
             message: "set.rpe: 11 is not allowed — RPE is 1 to 10 in steps of 0.5"),
        Case(arguments: ["append", "set", "bench", "100x5", "--effort", "6"], status: 65,
             message: "set.effort: 6 is not allowed — effort is a whole number from 1 to 5"),
        Case(arguments: ["append", "readiness", "--sleep", "0"], status: 65, message: "sleep"),
        Case(arguments: ["append", "set", "bench", "--weight", "100"], status: 65,
             message: "set.reps: none is not allowed — a strength set needs reps ≥ 0 (0 = a missed attempt)"),
        Case(arguments: ["append", "set", "running", "5km", "25:00", "--weight", "10"], status: 65,
             message: "set.weight: 10 kg is not allowed — a cardio set takes distance and duration, no weight or reps"),
        Case(arguments: ["append", "edit", "5e000001", "--reps", "3"], status: 65,
             message: "is already deleted — a deleted set cannot be edited or deleted again"),
        Case(arguments: ["append", "set", "bench", "100x5", "--at", "2026-11-21T19:00:01Z"], status: 65,
             message: "set.at: 2026-11-21T19:00:01+00:00 is not allowed — it is more than a day after now"),
        Case(arguments: ["append", "set", "bench", "100x5", "--bogus"], status: 64, message: "Unknown option '--bogus'"),
        Case(arguments: ["append", "set", "bench", "5000x5"], status: 65,
             message: "set.weight: 5000 kg is not allowed — more than 1000 kg (2204.6 lb) in one set is implausible; "
                + "check it, or add --force to log it as it is"),
        Case(arguments: ["append", "set", "bench", "100x5", "--reps", "5000"], status: 65,
             message: "set.reps: 5000 is not allowed — reps are 0 to 1000"),
        Case(arguments: ["append", "edit", "5e000001", "--weight", "5000lb"], status: 65, message: "is already deleted"),
        Case(arguments: ["append", "bodyweight", "900"], status: 65,
             message: "bodyweight.weight: 900 kg is not allowed — a body weight outside 20 to 400 kg (44 to 882 lb) is implausible"),
        Case(arguments: ["append", "goal", "1000lb"], status: 65, message: "goal.weight: 1000 lb is not allowed"),
        Case(arguments: ["append", "set", "bench", "+2.5x5"], status: 64, message: "set SPEC '+2.5x5': a weight has no sign"),
        Case(arguments: ["append", "set", "bench", "20x5x101"], status: 64, message: "sets must be a whole number from 1 to 100"),
        Case(arguments: ["append", "set", "bench", "20x5", "--sets", "101"], status: 65,
             message: "set.sets: 101 is not allowed — a set line repeats 1 to 100 times"),
    ]

    @Test(arguments: cases)
    func refusedInputChangesNothing(_ refusal: Case) async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let result = try await wlog.run(refusal.arguments)
        #expect(result.status == refusal.status)
        #expect(result.stderr.hasPrefix("wlog: error: "))
        #expect(result.stderr.contains(refusal.message), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(wlog.journalBytes() == before)
    }

    @Test func forceLogsAnImplausibleValueAsItIs() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let set = try await wlog.run(["append", "set", "leg press", "1200x10", "--force"])
        #expect(set.status == 0 && set.stdout.contains("Leg Press 1200 kg × 10"), "\(set.stderr)")
        let edit = try await wlog.run(["append", "edit", String(set.stdout.prefix(8)), "--weight", "1500", "--force"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try await wlog.run(["append", "bodyweight", "410", "--force"]).status == 0)
        #expect(try await wlog.run(["append", "set", "bench", "20x5x60"]).stdout.split(separator: "\n").count == 60)
    }

    @Test func missingJournalSuggestsInit() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let result = try await wlog.run(["append", "set", "bench", "100x5"])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("wlog: error: no journal at \(wlog.journal); create one with `wlog init`"))
        #expect(!FileManager.default.fileExists(atPath: wlog.journal))
    }

    @Test func lockedJournalIsInUse() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let fd = open(wlog.journal + ".lock", O_RDWR | O_CREAT, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        let result = try await wlog.run(["append", "set", "bench", "100x5"], environment: ["WLOG_LOCK_TIMEOUT": "0.2"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("wlog: error: journal \(wlog.journal) is in use by another writer"))
        #expect(wlog.journalBytes() == before)
        // Readers take no lock.
        #expect(try await wlog.run(["history", "--format", "csv"]).status == 0)
    }

    @Test func damagedJournalRefusesWritesAndStillReads() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["compact"]).status == 0)
        try #require(try await wlog.run(["append", "set", "deadlift", "180x3", "--at", "2026-11-20T18:00"]).status == 0)
        var bytes = try #require(wlog.journalBytes())
        // Flip one bit inside the sealed chunk (after H0 and H1), which a good commit follows.
        let index = bytes.count / 3
        bytes[index] ^= 0x10
        try bytes.write(to: URL(fileURLWithPath: wlog.journal))
        let result = try await wlog.run(["append", "set", "bench", "100x5"])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("wlog: error: "))
        #expect(result.stderr.contains("wlog repair"))
        #expect(wlog.journalBytes() == bytes)
        let verify = try await wlog.run(["verify"])
        #expect(verify.status == 74)
        let read = try await wlog.run(["history", "--format", "csv"])
        #expect(read.status == 0)
        #expect(read.stderr.hasPrefix("wlog: warning: "))
    }

    @Test func retriedAppendWithTheSameIDAppendsOnce() async throws {
        let wlog = try await Self.journal()
        defer { wlog.cleanup() }
        let first = try await wlog.run(["append", "set", "bench", "100x5", "--id", "retry-7"])
        #expect(first.status == 0)
        let afterFirst = try #require(wlog.journalBytes())
        let second = try await wlog.run(["append", "set", "bench", "100x5", "--id", "retry-7"])
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        let shortID = String(first.stdout.prefix(8))
        #expect(second.stderr == "wlog: duplicate: event \(shortID) is already in the journal; nothing appended\n")
        #expect(wlog.journalBytes() == afterFirst)
        let events = try await wlog.run(["events", "--type", "set.logged"])
        #expect(events.stdout.split(separator: "\n").count == 3)
    }
}
