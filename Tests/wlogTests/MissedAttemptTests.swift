import Foundation
import Testing

/// A missed attempt (reps 0 at a weight, domain.md §3) is logged, shown in history, `show` and
/// audit, counted in no volume, record or e1RM, and exported back as 0 reps.
@Suite("Missed attempts", .serialized)
struct MissedAttemptTests {
    @Test func aFailedSingleIsKeptButCountsForNothing() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        try #require(try await wlog.run("append set bench 100x5 --at 2026-11-20T17:00:00Z").status == 0)
        let miss = try await wlog.run(["append", "set", "bench", "140x0", "--at", "2026-11-20T17:05:00Z", "--notes", "failed at lockout"])
        try #require(miss.status == 0, "\(miss.stderr)")
        #expect(miss.stdout.hasSuffix("Bench Press 140 kg × 0 (missed)\n"), "no e1RM, no PR: \(miss.stdout)")
        let id = String(miss.stdout.prefix(8))

        let history = try await wlog.run("history")
        #expect(history.stdout.contains("100 kg × 5, 140 kg × 0 (missed)"), "\(history.stdout)")
        #expect(history.stdout.contains("500 kg"), "volume is the 100 × 5 only: \(history.stdout)")
        let audit = try await wlog.run(["audit", id])
        #expect(audit.stdout.contains("set.logged  Bench Press 140 kg × 0 (missed)"), "\(audit.stdout)")

        let prs = try await wlog.run("prs bench --format csv")
        #expect(!prs.stdout.contains("140"), "a miss is no record: \(prs.stdout)")
        #expect(prs.stdout.contains("heaviest,100,kg"), "\(prs.stdout)")
        let volume = try await wlog.run("volume --format csv")
        #expect(volume.stdout.hasSuffix(",,1,500,kg\n"), "one hard set, 500 kg: \(volume.stdout)")
        let e1rm = try await wlog.run("e1rm bench --format csv")
        #expect(e1rm.stdout.contains(",116.67,kg,epley,") && !e1rm.stdout.contains("140"), "\(e1rm.stdout)")

        let sets = try await wlog.run("export sets")
        let missRow = try #require(sets.stdout.split(separator: "\n").first { $0.contains(",140,kg,") })
        #expect(missRow.contains(",working,140,kg,0,,,,,,,failed at lockout,"), "reps 0, no volume or e1RM: \(missRow)")
        let strong = try await wlog.run("export strong")
        #expect(strong.stdout.contains("\"Bench Press\",2,140,0,0,0,\"failed at lockout\""), "\(strong.stdout)")
        let hevy = try await wlog.run("export hevy")
        #expect(hevy.stdout.contains("\"Bench Press\",,\"failed at lockout\",1,\"normal\",140,0,,,"), "\(hevy.stdout)")
    }

    @Test func aMissedAttemptIsNoRecordInTheLedgerOrAfterASnapshot() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        try #require(try await wlog.run("append set deadlift 200x0 --at 2026-11-19T17:00:00Z").status == 0)
        try #require(try await wlog.run("append set deadlift 180x1 --at 2026-11-20T17:00:00Z").status == 0)
        for environment in [["WLOG_SNAPSHOT": "off"], [:], [:]] {
            let prs = try await wlog.run(["prs", "deadlift", "--format", "csv"], environment: environment)
            #expect(prs.stdout.contains("heaviest,180,kg") && !prs.stdout.contains(",200,"), "\(prs.stdout)")
        }
    }
}
