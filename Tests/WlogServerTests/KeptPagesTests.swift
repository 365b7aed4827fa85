import Foundation
import HummingbirdTesting
import Testing

/// A lifter's pages and details read again are the same bytes as their first computation, after
/// every kind of change. The first read at a sequence computes from the state alone; the second
/// makes the store's workout catalog (summaries kept, `SummaryMemo`); the third answers from the
/// catalog's kept summaries and the list items rendered once (`ListedWorkout`). Each read has its
/// own query (`copy=N`, ignored by the routes) so that the answer cache does not answer it.
@Suite struct KeptPagesTests {
    static let lifter = "14141414-1414-4141-8141-141414141414"

    @Test func pagesReadAgainAreTheFirstComputationAfterEveryKindOfChange() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        try await harness.run { client in
            let api = API(client: client, token: token)
            var round = 0
            func check(_ change: String, _ paths: [String] = []) async throws {
                round += 1
                for path in ["workouts?pageSize=3", "workouts?page=2&pageSize=2", "workouts"] + paths {
                    var bodies: [String] = []
                    for copy in 1...3 {
                        let separator = path.contains("?") ? "&" : "?"
                        let reply = try await api.get(path + separator + "copy=\(round)-\(copy)")
                        #expect(reply.status == .ok, "\(change): \(path): \(reply.body)")
                        bodies.append(reply.body)
                    }
                    #expect(Set(bodies).count == 1, "\(change): \(path) read again differs: \(bodies)")
                }
            }
            func id(_ reply: Reply) async throws -> String { try await SeedFlowTests.uuid(reply.success(.created)["id"]) }

            let early = try await id(api.post("workouts", #"{"name":"Early","startedAt":"2026-01-10T09:30:00Z"}"#))
            try await check("a back-dated session", ["workouts/\(early)"])
            _ = try await api.post("workouts/\(early)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            try await check("an exercise added", ["workouts/\(early)"])
            var sets: [String] = []
            for (reps, kg) in [(5, 100.0), (5, 102.5), (3, 105.0)] {
                sets.append(try await id(api.post("workouts/\(early)/exercises/bench-press/sets",
                                                  #"{"reps":\#(reps),"weightKg":\#(kg),"completedAt":"2026-01-10T10:00:00Z"}"#)))
                try await check("a set logged", ["workouts/\(early)"])
            }
            _ = try await api.patch("workouts/\(early)", #"{"completedAt":"2026-01-10T11:00:00Z"}"#).success(.ok)
            try await check("a session finished", ["workouts/\(early)"])
            let late = try await id(api.post("workouts", #"{"name":"Late"}"#))
            for exercise in ["squat", "deadlift", "bench-press"] {
                _ = try await api.post("workouts/\(late)/exercises", #"{"exerciseId":"\#(exercise)"}"#).success(.created)
            }
            let lateSet = try await id(api.post("workouts/\(late)/exercises/bench-press/sets", #"{"reps":5,"weightKg":101}"#))
            _ = try await id(api.post("workouts/\(late)/exercises/squat/sets", #"{"reps":5,"weightKg":140}"#))
            try await check("a second session with sets", ["workouts/\(late)", "workouts/\(early)"])
            // A correction in the earlier session changes the later one's records.
            _ = try await api.patch("workouts/\(early)/exercises/bench-press/sets/\(sets[1])", #"{"weightKg":110}"#).success(.ok)
            try await check("a set edited", ["workouts/\(late)", "workouts/\(early)"])
            _ = try await api.patch("workouts/\(late)/exercises/bench-press/sets/\(lateSet)",
                                    #"{"completedAt":"2026-01-09T08:00:00Z"}"#).success(.ok)
            try await check("a set moved back in time", ["workouts/\(late)", "workouts/\(early)"])
            #expect(try await api.delete("workouts/\(early)/exercises/bench-press/sets/\(sets[2])").status == .noContent)
            try await check("a set deleted", ["workouts/\(late)", "workouts/\(early)"])
            #expect(try await api.delete("workouts/\(late)/exercises/deadlift").status == .noContent)
            try await check("an exercise removed", ["workouts/\(late)"])
            _ = try await harness.appendByCLI(Self.lifter, ["append", "set", "deadlift", "180kgx3", "--at", "2026-01-08T18:00:00Z"])
            try await check("a back-dated day's set by the CLI", ["workouts/2026-01-08"])
            _ = try await harness.appendByCLI(Self.lifter, ["settings", "set", "pr-reps", "1,3"])
            try await check("the PR rep targets changed", ["workouts/\(late)", "workouts/\(early)"])
            _ = try await harness.appendByCLI(Self.lifter, ["settings", "set", "unit", "lb"])
            try await check("the unit changed", ["workouts/\(late)"])
            #expect(try await api.delete("workouts/\(late)").status == .noContent)
            try await check("a session deleted", ["workouts/\(early)"])
            let total = try await api.get("workouts").json?["meta"]?["total"]
            #expect(total == 2)
        }
    }
}
