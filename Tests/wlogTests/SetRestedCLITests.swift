import Foundation
import Testing

/// `wlog append rest SET DURATION` (`set.rested`): the rest shows in history, `export sets` gains
/// its `rest_s` column only when a set has a rest, a refusal appends nothing, and the rest is the
/// same after a snapshot.
@Suite("Rest taken after a set", .serialized)
struct SetRestedCLITests {
    @Test func aRestIsLoggedShownAndExported() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let first = try await wlog.run("append set bench 100x5 --at 2026-11-20T17:00:00Z")
        try #require(first.status == 0, "\(first.stderr)")
        try #require(try await wlog.run("append set bench 100x5 --at 2026-11-20T17:03:00Z").status == 0)
        let id = String(first.stdout.prefix(8))
        let plainExport = try await wlog.run("export sets")
        #expect(!plainExport.stdout.contains("rest_s"), "no rest, no column: \(plainExport.stdout)")

        let rested = try await wlog.run(["append", "rest", id, "2:30"])
        try #require(rested.status == 0, "\(rested.stderr)")
        #expect(rested.stdout == id + "  rested 2:30\n")
        let journal = try #require(wlog.journalBytes())

        // Refused: nothing appended, the field and the fix named, the exit codes of cli.md.
        let tooLong = try await wlog.run(["append", "rest", id, "2h"])
        #expect(tooLong.status == 65)
        #expect(tooLong.stderr == "wlog: error: rest: 2:00:00 is not allowed — a rest between sets is 0:01 to 60:00, e.g. 90s, 2:30 or 3m\n")
        let notADuration = try await wlog.run(["append", "rest", id, "soon"])
        #expect(notADuration.status == 64)
        #expect(notADuration.stderr == "wlog: error: DURATION 'soon' is not a duration; use e.g. 90s, 2:30 or 3m\n")
        let unknown = try await wlog.run(["append", "rest", "ffffffff", "90s"])
        #expect(unknown.status != 0)
        #expect(wlog.journalBytes() == journal)

        let history = try await wlog.run("history")
        #expect(history.stdout.contains("  Bench Press  100 kg × 5, 5  rest 2:30  ★"), "\(history.stdout)")
        let csv = try await wlog.run("export sets")
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix(",effort,done,rest_s") == true, "\(csv.stdout)")
        #expect(lines.dropFirst().first?.hasSuffix(",true,150") == true, "the rested set: \(csv.stdout)")
        #expect(lines.dropFirst(2).first?.hasSuffix(",true,") == true, "the other set has no rest: \(csv.stdout)")
        let json = try await wlog.run("export sets --format json")
        #expect(json.stdout.contains(#""done":true,"rest_s":150}"#) && json.stdout.contains(#""done":true,"rest_s":null}"#), "\(json.stdout)")
        let audit = try await wlog.run(["audit", id])
        #expect(audit.stdout.contains("set.rested") && audit.stdout.contains("rested 2:30"), "\(audit.stdout)")

        // A second rest of the same set replaces the first, also when read from a snapshot.
        try #require(try await wlog.run(["append", "rest", id, "3m"]).status == 0)
        for environment in [[:], ["WLOG_SNAPSHOT_EVENTS": "0"], [:]] {
            let read = try await wlog.run(["history"], environment: environment)
            #expect(read.stdout.contains("100 kg × 5, 5  rest 3:00  ★"), "\(environment): \(read.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: wlog.journal + ".snap"))
    }
}
