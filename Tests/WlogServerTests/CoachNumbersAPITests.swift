import Foundation
import Testing

/// Issue 36 over `/api/v1`: the numbers `wlog` prints — each workout's session load, the uncoupled
/// acute : chronic ratio, NSCA's %1RM loads and the equipped scores.
@Suite struct CoachNumbersAPITests {
    static let lifter = "cccccccc-cccc-4ccc-8ccc-cccccccccccc"

    @Test(arguments: StoreBackend.available)
    func theCoachNumbersOverTheAPI(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            // The lifter's first request makes the stream (unit kg); the CLI appends to it on either store.
            _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            for arguments in [["append", "profile", "--sex", "male", "--equipment", "single-ply"],
                              ["append", "bodyweight", "82.5", "--at", "2026-01-01T08:00:00Z"],
                              ["append", "workout", "start", "--at", "2026-01-05T17:00:00Z"],
                              ["append", "set", "squat", "250x1", "--at", "2026-01-05T17:10:00Z"],
                              ["append", "set", "bench", "150x1", "--at", "2026-01-05T17:20:00Z"],
                              ["append", "set", "deadlift", "300x1", "--at", "2026-01-05T17:30:00Z"],
                              ["append", "set", "bench", "120x5", "--at", "2026-01-05T17:40:00Z"],
                              ["append", "workout", "finish", "--at", "2026-01-05T18:00:00Z", "--session-rpe", "8"],
                              ["append", "workout", "start", "--at", "2026-01-13T17:00:00Z"],
                              ["append", "workout", "finish", "--at", "2026-01-13T17:45:00Z", "--session-rpe", "7"]] {
                _ = try await harness.appendByCLI(Self.lifter, arguments)
            }
            // Session load: 60 min × 8 = 480, 45 min × 7 = 315 (newest first).
            let workouts = try await api.get("workouts").json?["data"]?.array ?? []
            #expect(workouts.map { $0["sessionLoad"] } == [315, 480])
            // Acute 315 / 7 = 45; uncoupled chronic: 01-05…01-08 (4 days since the first session) hold 480 → 120.
            let load = try await api.get("coach").success(.ok)["load"]
            #expect(load?["acute"] == 45 && load?["uncoupledChronic"] == 120 && load?["uncoupledRatio"] == 0.375)
            // Best e1RM: the 150 kg single (120 × 5 Epley is 140); NSCA 5 reps 87 % → 130.5 → 130 kg,
            // 12 reps 67 % → 100.5 → 100 kg.
            let table = try await api.get("exercises/bench-press/e1rm/percentages").success(.ok)
            #expect(table["e1rmKg"] == 150 && table["formula"] == "epley")
            let rows = table["rows"]?.array ?? []
            #expect(rows.count == 13 && rows[4] == ["reps": 5, "percent": 87, "loadKg": 130] && rows[11] == ["reps": 12, "percent": 67, "loadKg": 100])
            // Single-ply: 700 kg at 82.5 kg → IPF GL 81.12, bench 150 kg 53.62.
            let scores = try await api.get("scores").success(.ok)
            #expect(scores["equipment"] == "single-ply" && scores["totalKg"] == 700)
            #expect(abs((scores["ipfGL"]?.number ?? 0) - 81.1204) < 1e-4 && abs((scores["benchIpfGL"]?.number ?? 0) - 53.6214) < 1e-4)
        }
    }
}
