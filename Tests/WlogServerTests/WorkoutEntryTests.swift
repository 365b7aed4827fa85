import Foundation
import HummingbirdTesting
import Testing

/// Seed 004's `WorkoutExercise` is an entry with its own id (issue 31): an exercise may be in a
/// workout twice, and a day the CLI logged without a session takes §5's writes.
@Suite struct WorkoutEntryTests {
    static let lifter = "31313131-3131-4131-8131-0000000e0b31"

    /// Bench at the start and again at the end: two entries, each with its own id, sets and
    /// order; the second is addressed by its id for sets and removal; the journal says which
    /// entry a set went to (`set.logged`'s `entry`), so a new server and the CLI read the same.
    @Test(arguments: StoreBackend.available)
    func anExerciseTwiceIsTwoEntries(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.lifter)
            let ids = Box()
            try await harness.run { client in
                let api = API(client: client, token: token)
                _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
                _ = try await harness.appendByCLI(Self.lifter, ["append", "set", "bench press", "90kgx6", "--at", "2026-01-12T18:00:00Z"])
                let workout = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
                var entries: [String] = []
                for exercise in ["bench-press", "back-squat", "bench-press"] {
                    let entry = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"\#(exercise)"}"#).success(.created)
                    entries.append(try #require(entry["id"]?.string))
                    #expect(entry["orderIndex"] == .number(Double(entries.count - 1)) && entry["sets"] == [])
                    #expect((exercise == "bench-press" ? entry["previousPerformance"]?["text"] : entry["previousPerformance"]) == (exercise == "bench-press" ? "90 kg × 6" : .null), "\(entry)")
                }
                #expect(entries[0] == "bench-press" && entries[1] == "back-squat")
                #expect(entries[2].count == 36 && entries[2] != "bench-press", "\(entries)")
                _ = try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#).success(.created)
                var later: [String] = []
                // Distinct times: sets of one instant are ordered by id (HistoryKey), which differs run to run.
                for (reps, minute) in [(10, 10), (9, 20)] {
                    later.append(try #require(try await api.post("workouts/\(workout)/exercises/\(entries[2])/sets",
                        #"{"reps":\#(reps),"weightKg":60,"completedAt":"2026-01-15T09:\#(minute):00Z"}"#).success(.created)["id"]?.string))
                }
                let patched = try await api.patch("workouts/\(workout)/exercises/\(entries[2])/sets/\(later[1])", #"{"reps":8}"#).success(.ok)
                #expect(patched["reps"] == 8 && patched["orderIndex"] == 1)
                // A third entry, removed again by its id: the others keep their sets.
                let third = try #require(try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press","position":0}"#)
                    .success(.created)["id"]?.string)
                _ = try await api.post("workouts/\(workout)/exercises/\(third)/sets", #"{"reps":1,"weightKg":120}"#).success(.created)
                #expect(try await api.delete("workouts/\(workout)/exercises/\(third)").status == .noContent)
                ids.values = [workout] + entries
            }
            // Read again by a new server: the entries, their order and their sets.
            try await harness.run { client in
                let api = API(client: client, token: token)
                let detail = try await api.get("workouts/\(ids.values[0])").success(.ok)
                let listed = detail["exercises"]?.array ?? []
                #expect(listed.map { $0["id"] } == ids.values.dropFirst().map(JSON.string))
                #expect(listed.map { $0["orderIndex"] } == [0, 1, 2])
                #expect(listed.map { ($0["sets"]?.array ?? []).map { $0["reps"] } } == [[5], [], [10, 8]])
                #expect(listed.map { $0["previousPerformance"]?["text"] ?? $0["previousPerformance"] } == ["90 kg × 6", .null, "90 kg × 6"])
                #expect(detail["totalSets"] == 3 && detail["totalReps"] == 23 && detail["totalVolumeKg"] == 1580 && detail["exerciseCount"] == 3,
                        "\(detail)")
            }
            // The journal names the entry of the later sets; the CLI shows bench twice.
            let entryHex = ids.values[3].replacingOccurrences(of: "-", with: "")
            let lines = try await harness.lines(Self.lifter)
            #expect(lines.filter { $0.contains(#""type":"set.logged""#) && $0.contains(#""entry":"\#(entryHex)""#) }.count == 2)
            try await harness.journalForTheCLI()
            let shown = try await ServerHarness.wlog(["--journal", harness.journal(Self.lifter), "history", "--limit", "1"])
            #expect(shown.stdout.components(separatedBy: "Bench Press").count - 1 == 2, "\(shown.stdout)")
        }
    }

    /// A day the CLI logged without a session (listed with its date as id) takes every write §5
    /// makes on a workout: the first makes it a session of its own (started at its first set,
    /// finished at its last, its sets moved in), and the date keeps naming that session.
    @Test(arguments: StoreBackend.available)
    func aDayWithoutASessionTakesTheWritesOfAWorkout(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            for spec in [["bench press", "100kgx5", "--at", "2026-01-14T18:00:00Z"], ["squat", "120kgx5", "--at", "2026-01-14T18:20:00Z"]] {
                _ = try await harness.appendByCLI(Self.lifter, ["append", "set"] + spec)
            }
            let day = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 1, "hasMore": false])
            #expect(day[0]?["id"] == "2026-01-14" && day[0]?["name"] == .null)
            let set = try await api.post("workouts/2026-01-14/exercises/bench-press/sets",
                                         #"{"reps":3,"weightKg":100,"completedAt":"2026-01-14T18:10:00Z"}"#).success(.created)
            #expect(set["reps"] == 3 && set["orderIndex"] == 1)
            let session = try await api.get("workouts/2026-01-14").success(.ok)
            let id = try #require(session["id"]?.string)
            #expect(id.count == 36)
            #expect(session["startedAt"] == "2026-01-14T18:00:00Z" && session["completedAt"] == "2026-01-14T18:20:00Z")
            #expect((session["exercises"]?.array ?? []).map { ($0["sets"]?.array ?? []).map { $0["reps"] } } == [[5, 3], [5]])
            let renamed = try await api.patch("workouts/2026-01-14", #"{"name":"Legs","notes":"late"}"#).success(.ok)
            #expect(renamed["id"] == .string(id) && renamed["name"] == "Legs" && renamed["notes"] == "late")
            let added = try await api.post("workouts/2026-01-14/exercises", #"{"exerciseId":"deadlift"}"#).success(.created)
            #expect(added["id"] == "deadlift" && added["orderIndex"] == 2)
            let listed = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 1, "hasMore": false])
            #expect(listed[0]?["id"] == .string(id) && listed[0]?["name"] == "Legs" && listed[0]?["totalSets"] == 3)
            #expect(listed[0]?["exerciseCount"] == 3)
            try await harness.journalForTheCLI()
            let history = try await ServerHarness.wlog(["--journal", harness.journal(Self.lifter), "history", "--format", "csv"])
            #expect(history.stdout.split(separator: "\n").count == 2, "\(history.stdout)")
        }
    }
}
