import Foundation
import Testing

/// The CLI's e1RM of body-weight sets (issue 18 item 13): on body weight + added load once a body
/// weight is recorded at or before the set, and said so when it stands on added load alone.
@Suite("e1RM of body-weight sets from the command line", .serialized)
struct BodyweightE1RMCLITests {
    @Test func setsAndTheTrendIncludeTheBodyWeightAndSaySoWhenThereIsNone() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        #expect(try await wlog.run(["init", "--unit", "kg", "--tz", "UTC"]).status == 0)
        let early = try await wlog.run(["append", "set", "pull-up", "BW+20x3", "--at", "2026-10-30T18:00"])
        #expect(early.stdout.contains("Pull-Up BW + 20 kg × 3  e1RM 22 kg (on added load only: no body weight recorded)  PR: "),
                "\(early.stdout)")
        #expect(try await wlog.run(["append", "bodyweight", "80", "--at", "2026-11-01T08:00"]).status == 0)
        let loaded = try await wlog.run(["append", "set", "pull-up", "BW+10x5", "--at", "2026-11-02T18:00"])
        #expect(loaded.stdout.contains("Pull-Up BW + 10 kg × 5  e1RM 105 kg (BW 80 kg)  PR: "), "\(loaded.stdout)")
        let bare = try await wlog.run(["append", "set", "pull-up", "BWx8", "--at", "2026-11-03T18:00"])
        #expect(bare.stdout.contains("Pull-Up BW × 8  e1RM 101.3 kg (BW 80 kg)"), "\(bare.stdout)")

        let csv = try await wlog.run("e1rm pull-up --format csv")
        #expect(csv.stdout.split(separator: "\n").map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
                == ["date,exercise_id,e1rm", "2026-10-30,pull-up,22", "2026-11-02,pull-up,105", "2026-11-03,pull-up,101.33"])
        let note = "wlog: note: e1RM on added load only: no body weight recorded at or before the set "
            + "(log one with wlog append bodyweight MASS --at DATE)\n"
        #expect(csv.stderr == note)
        let table = try await wlog.run("e1rm pull-up")
        #expect(table.stdout.contains("2026-10-30  22 kg      BW + 20 kg × 3 (added load only)"), "\(table.stdout)")
        #expect(table.stdout.contains("best 105 kg on 2026-11-02 from BW + 10 kg × 5 at BW 80 kg  ["))
        #expect(table.stderr == note)
        #expect(try await wlog.run("chart e1rm pull-up").stderr == note)
        let sets = try await wlog.run("export sets --format csv").stdout.split(separator: "\n")
        let e1rmColumn = try #require(sets.first?.split(separator: ",").firstIndex(of: "e1rm"))
        #expect(sets.dropFirst().map { String($0.split(separator: ",", omittingEmptySubsequences: false)[e1rmColumn]) }
                == ["22", "105", "101.33"])

        // A body weight logged later for the earlier day moves that set onto BW + load: 78 + 20 = 98 × 1.1.
        #expect(try await wlog.run(["append", "bodyweight", "78", "--at", "2026-10-30T07:00"]).status == 0)
        let after = try await wlog.run("e1rm pull-up --format csv")
        #expect(after.stdout.contains("\n2026-10-30,pull-up,107.8,kg,epley,") && after.stderr.isEmpty, "\(after.stdout)\(after.stderr)")
    }
}
