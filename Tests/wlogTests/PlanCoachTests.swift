import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// End-to-end: routines, equipment, plan start, today's rotation, coach, balance, charts, scores.
@Suite("CLI: plan, coach, balance, chart")
struct PlanCoachTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/plan")

    /// Compares with `Golden/plan/NAME`; `WLOG_UPDATE_GOLDEN=1` rewrites it.
    func expectGolden(_ text: String, _ name: String) async throws {
        let url = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["WLOG_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "golden \(name) differs")
    }

    /// A journal that followed PPL: Push on Mon 16 and Thu 19 November with bench 3 × 12 at 100 kg.
    /// Returns the process and the sequence number of the first session's finish.
    func followedPPL() async throws -> (WlogProcess, Int) {
        var w = try WlogProcess()
        w.now = "2026-11-16T17:00:00Z"
        #expect(try await w.run("init --unit kg --tz +00:00").status == 0)
        let routine = WlogProcess.repositoryRoot.appendingPathComponent("fixtures/routines/ppl.json").path
        let created = try await w.run(["append", "routine", "--file", routine])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == "ppl  created  3 days, 9 exercises, 4 weeks (deload 4)\n")
        var firstFinish = 0
        for (day, rpe) in [("2026-11-16", "8"), ("2026-11-19", "7.5")] {
            w.now = day + "T17:00:00Z"
            #expect(try await w.run("plan start --day 1").status == 0)
            for _ in 0..<3 { #expect(try await w.run("append set bench 100x12 @\(rpe)").status == 0) }
            w.now = day + "T18:00:00Z"
            #expect(try await w.run("append workout finish --session-rpe 7").status == 0)
            if firstFinish == 0 { firstFinish = try await w.run("events").stdout.split(separator: "\n").count }
        }
        return (w, firstFinish)
    }

    @Test func routineRotationStartAndCoach() async throws {
        let (journal, firstFinish) = try await followedPPL()
        var w = journal
        defer { w.cleanup() }
        w.now = "2026-11-20T17:00:00Z"
        let show = try await w.run("plan show")
        #expect(show.status == 0)
        try await expectGolden(show.stdout, "plan-show.txt")
        // day 1 was done last (twice): day 2 is next
        #expect(show.stdout.contains("Today: Pull (day 2 of PPL)"))
        // today's warm-up: the Pull day's groups; no ramp, the day's lifts have no history yet
        let today = try await w.run("today")
        #expect(today.stdout.contains("""
            Warm-up (Back, Biceps)
              5 min easy cardio (bike, rower or brisk walk) until warm and lightly sweating
              band pull-aparts × 15
              cat–cow × 8
              light band curls and push-downs × 15

            """), "\(today.stdout)")
        let coach = try await w.run("coach --format csv")
        #expect(coach.stdout.contains("progression,Bench Press,\"3 × 12 at 100 kg, RPE 8 and 7.5 in the last two sessions → try 102.5 kg × 8\""))
        // as of the first session only: nothing to suggest yet
        let early = try await w.run("coach --format csv --as-of seq:\(firstFinish)")
        #expect(!early.stdout.contains("progression"))
        // starting Push explicitly pre-fills the coach's load
        let start = try await w.run("plan start --day 1")
        #expect(start.status == 0)
        #expect(start.stdout.contains("Bench Press  3 × 8–12 @8, rest 2:00  (last: 100 kg × 12, 12, 12)  → 102.5 kg × 8"))
    }

    @Test func equipmentArsenalPicksTheIncrement() async throws {
        var w = try await followedPPL().0
        defer { w.cleanup() }
        w.now = "2026-11-20T17:00:00Z"
        let added = try await w.run(["append", "equipment", "Plates", "--type", "plates", "--weights", "1.25,2.5,5,10,20", "--location", "gym"])
        #expect(added.stdout == "plates  added  plates, 5 weights 1.25–20 kg, gym\n")
        #expect(try await w.run("coach --format csv").stdout.contains("→ try 102.5 kg × 8 (2 × 1.25 kg from Plates)"))
        #expect(try await w.run(["append", "equipment", "Plates", "--update", "--weights", "0.5,1.25,2.5"]).status == 0)
        #expect(try await w.run("coach --format csv").stdout.contains("→ try 101 kg × 8 (2 × 0.5 kg from Plates)"))
        #expect(try await w.run(["append", "equipment", "Plates", "--remove"]).stdout == "plates  removed\n")
        #expect(try await w.run("coach --format csv").stdout.contains("→ try 102.5 kg × 8\""))
        let bad = try await w.run(["append", "equipment", "Rack", "--type", "dumbbells", "--weights", "40-2.5:2.5"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--weights '40-2.5:2.5'"))
    }

    @Test func starterPlanBalanceChartAndScores() async throws {
        var w = try WlogProcess()
        defer { w.cleanup() }
        w.now = "2026-11-20T17:00:00Z"
        #expect(try await w.run("init --unit kg --tz +00:00").status == 0)
        let plan = try await w.run("plan --goal hypertrophy --experience beginner --days 3 --equipment dumbbells")
        #expect(plan.status == 0, "\(plan.stderr)")
        try await expectGolden(plan.stdout, "starter-dumbbells.txt")
        #expect(try await w.run("plan --goal strength --experience beginner --days 8 --equipment gym").status == 64)
        #expect(try await w.run("plan --goal hypertrophy --experience beginner --days 3 --equipment dumbbells --append").status == 0)
        #expect(try await w.run("plan show").stdout.contains("Today: Full Body A (day 1 of Starter Hypertrophy Full Body 3 Days)"))
        for (at, weight) in [("2026-11-16T08:00:00Z", "84"), ("2026-11-18T08:00:00Z", "83"), ("2026-11-20T08:00:00Z", "82.5")] {
            #expect(try await w.run(["append", "bodyweight", weight + "kg", "--at", at]).status == 0)
        }
        #expect(try await w.run("append goal 80kg").status == 0)
        let chart = try await w.run("chart bodyweight --width 60 --height 6")
        #expect(chart.status == 0)
        try await expectGolden(chart.stdout, "chart-bodyweight.txt")
        let svgPath = w.directory.appendingPathComponent("bw.svg").path
        #expect(try await w.run(["chart", "bodyweight", "--svg", svgPath]).status == 0)
        #expect(XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: svgPath))).parse())
        for spec in [["squat", "250x1"], ["bench", "150x1"], ["deadlift", "300x1"], ["bench", "80x8x10"], ["barbell row", "70x8x6"]] {
            #expect(try await w.run(["append", "set"] + spec + ["--at", "2026-11-19T10:00:00Z"]).status == 0)
        }
        let balance = try await w.run("balance")
        try await expectGolden(balance.stdout, "balance.txt")
        #expect(try await w.run("coach --scores").stdout.contains("Scores need your sex"))
        #expect(try await w.run("append profile --sex male").status == 0)
        let scores = try await w.run("coach --scores --format csv")
        // 700 kg at 82.5 kg: DOTS 350000 / denominator(82.5) ; IPF GL classic
        #expect(scores.stdout.hasPrefix("squat,bench,deadlift,total,unit,bodyweight,sex,dots,ipf_gl,bench_ipf_gl,wilks,wilks_2020,"
                                        + "ipf_points,estimated_total,equipment\n250,150,300,700,kg,82.5,male,"))
        #expect(scores.stdout.contains(",97.2,") && scores.stdout.hasSuffix(",raw\n"), "IPF GL classic: \(scores.stdout)")
        // Issue 36: the profile's equipment picks the single-ply coefficients — 700 kg at 82.5 kg:
        // IPF GL 70000 / (1236.25115 − 1449.21864·e^(−0.01644·82.5)) = 81.12; bench 150 kg 53.62.
        #expect(try await w.run("append profile --equipment single-ply").status == 0)
        let equipped = try await w.run("coach --scores --format csv")
        #expect(equipped.stdout.contains(",81.12,53.62,") && equipped.stdout.hasSuffix(",single-ply\n"), "\(equipped.stdout)")
        #expect(try await w.run("coach --scores").stdout.contains("IPF GL   81.12  (equipped (single-ply) powerlifting)"))
        let missing = try await w.run("append routine --file nowhere.json")
        #expect(missing.status == 64)
    }
}
