import Foundation
import Testing

/// `coach --load` and `coach --format json` carry the load figures, not only the suggestions
/// (issue 18 item 12).
@Suite("Coach load figures", .serialized)
struct CoachLoadTests {
    @Test func loadFiguresInMachineFormats() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        for day in ["05", "08", "11", "14", "17"] {
            try #require(try await wlog.run("append workout start --at 2026-11-\(day)T17:00:00Z").status == 0)
            try #require(try await wlog.run("append workout finish --at 2026-11-\(day)T18:00:00Z --session-rpe 8").status == 0)
        }
        let csv = try await wlog.run("coach --load --format csv")
        #expect(csv.stdout == """
            day,acute,chronic,ratio,ewma_acute,ewma_chronic,ewma_ratio,week_load,monotony,strain,uncoupled_chronic,uncoupled_ratio
            2026-11-06,240,240,1,360,446.9,0.81,480,1,480,0,
            2026-11-13,137.14,160,0.86,144.03,322.85,0.45,960,0.63,607.16,240,0.57
            2026-11-20,137.14,150,0.91,91.21,244.05,0.37,960,0.63,607.16,160,0.86

            """)
        let json = try await wlog.run("coach --format json")
        #expect(json.stdout.hasPrefix("{\"suggestions\":[],\"load\":[{\"day\":\"2026-11-06\",\"acute\":240,"), "\(json.stdout)")
        #expect(try await wlog.run("coach").stdout.contains("Day         Acute  Chronic   A:C  A:C unc.  EWMA A:C  Week  Monotony  Strain\n"))
        // Uncoupled (issue 36): acute ÷ the mean of the 21 days before the acute week, since the
        // first session — on 11-20 the days 11-05…11-13 hold 3 × 480 → 160, 137.14 / 160 = 0.86.
        #expect(try await wlog.run("coach --load").stdout.contains("2026-11-20  137.1      150  0.91      0.86"))
    }

    /// Issue 36: the message names the formula's own rep range, not only the lifter's cap.
    @Test func noE1RMNamesTheFormulasRange() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        try #require(try await wlog.run("append set bench 60x12 --at 2026-11-20T17:00:00Z").status == 0)
        let epley = try await wlog.run("e1rm bench --formula epley")
        #expect(epley.stderr.contains("it needs a done working set of 1 to 10 reps (epley's range; your cap is 12)"), "\(epley.stderr)")
        let mayhew = try await wlog.run("e1rm bench --formula mayhew")
        #expect(mayhew.stdout.contains("Bench Press e1RM (mayhew)"), "\(mayhew.stdout)")
    }

    /// Issue 36: NSCA's reps → %1RM table for the best e1RM (120 × 5 Epley = 140 kg).
    @Test func percentagesOfTheBestE1RM() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        try #require(try await wlog.run("append set bench 120x5 --at 2026-11-20T17:00:00Z").status == 0)
        let table = try await wlog.run("e1rm bench --percentages")
        #expect(table.stdout.contains("   5  87 %   122.5 kg\n") && table.stdout.contains("  12  67 %   95 kg\n"), "\(table.stdout)")
        let csv = try await wlog.run("e1rm bench --percentages --format csv")
        #expect(csv.stdout.hasPrefix("reps,percent,load,unit,e1rm,formula\n1,100,140,kg,140,epley\n2,95,132.5,kg,140,epley\n"))
    }
}
