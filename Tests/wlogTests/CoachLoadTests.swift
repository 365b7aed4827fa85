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
            day,acute,chronic,ratio,ewma_acute,ewma_chronic,ewma_ratio,week_load,monotony,strain
            2026-11-06,240,240,1,360,446.9,0.81,480,1,480
            2026-11-13,137.14,160,0.86,144.03,322.85,0.45,960,0.63,607.16
            2026-11-20,137.14,150,0.91,91.21,244.05,0.37,960,0.63,607.16

            """)
        let json = try await wlog.run("coach --format json")
        #expect(json.stdout.hasPrefix("{\"suggestions\":[],\"load\":[{\"day\":\"2026-11-06\",\"acute\":240,"), "\(json.stdout)")
        #expect(try await wlog.run("coach").stdout.contains("Day         Acute  Chronic   A:C  EWMA A:C  Week  Monotony  Strain\n"))
    }
}
