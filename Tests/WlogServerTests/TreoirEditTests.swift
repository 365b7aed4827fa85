import Foundation
import HummingbirdTesting
import Testing

/// Seed 004's app editing what it logged (issue 31): a PATCH sends §6's `toJson`, nulls and all.
@Suite struct TreoirEditTests {
    static let lifter = "31313131-3131-4131-8131-0000000e0031"

    /// `null` clears an optional field (the RPE, a body-weight set's added load); a field the
    /// exercise needs (a strength set's weight) or §6 declares non-null (`setType`) is refused
    /// with 400 naming it, nothing appended; the clearing survives a restart.
    @Test func aNullInAPatchClearsTheField() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        let ids = Box()
        try await harness.run { client in
            let api = API(client: client, token: token)
            let workout = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
            for exercise in ["bench-press", "pull-up"] {
                _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"\#(exercise)"}"#).success(.created)
            }
            let bench = try #require(try await api.post("workouts/\(workout)/exercises/bench-press/sets",
                                                        #"{"reps":8,"weightKg":80,"rpe":8.5,"notes":"grip"}"#).success(.created)["id"]?.string)
            let pull = try #require(try await api.post("workouts/\(workout)/exercises/pull-up/sets",
                                                       #"{"reps":6,"weightKg":10}"#).success(.created)["id"]?.string)
            // ExerciseSet.toJson as §6's model would write it: every field, the RPE null.
            let toJson = #"{"id":"\#(bench)","orderIndex":0,"reps":8,"weightKg":80.0,"rpe":null,"setType":"working","#
                + #""isCompleted":true,"completedAt":null,"notes":null}"#
            let cleared = try await api.patch("workouts/\(workout)/exercises/bench-press/sets/\(bench)", toJson).success(.ok)
            #expect(cleared["rpe"] == .null && cleared["rpeExact"] == .null && cleared["notes"] == .null)
            #expect(cleared["reps"] == 8 && cleared["weightKg"] == 80 && cleared["completedAt"] == "2026-01-15T09:30:00Z")
            let unloaded = try await api.patch("workouts/\(workout)/exercises/pull-up/sets/\(pull)", #"{"weightKg":null}"#).success(.ok)
            #expect(unloaded["weightKg"] == .null && unloaded["reps"] == 6)

            let before = harness.journalBytes(Self.lifter)
            try await api.patch("workouts/\(workout)/exercises/bench-press/sets/\(bench)", #"{"weightKg":null}"#)
                .failure(.badRequest, "VALIDATION_ERROR", field: "weightKg")
            try await api.patch("workouts/\(workout)/exercises/bench-press/sets/\(bench)", #"{"reps":null}"#)
                .failure(.badRequest, "VALIDATION_ERROR", field: "reps")
            try await api.patch("workouts/\(workout)/exercises/bench-press/sets/\(bench)", #"{"setType":null}"#)
                .failure(.badRequest, "VALIDATION_ERROR", field: "setType")
            try await api.patch("workouts/\(workout)/exercises/bench-press/sets/\(bench)", #"{"isCompleted":null}"#)
                .failure(.badRequest, "VALIDATION_ERROR", field: "isCompleted")
            #expect(harness.journalBytes(Self.lifter) == before)
            ids.values = [workout, bench, pull]
        }
        let edits = try await harness.events(Self.lifter).filter { $0.contains(#""type":"set.edited""#) }
        #expect(edits.count == 2)
        #expect(edits.first?.contains(#""rpe":null,"#) == true && edits.first?.hasSuffix(#""notes":null}"#) == true, "\(edits)")
        #expect(edits.last?.contains(#""weight":null}"#) == true, "\(edits)")
        // Read again from the journal by a new server.
        try await harness.run { client in
            let api = API(client: client, token: token)
            let workout = try await api.get("workouts/\(ids.values[0])").success(.ok)
            let sets = (workout["exercises"]?.array ?? []).flatMap { $0["sets"]?.array ?? [] }
            #expect(sets.map { $0["rpeExact"] } == [.null, .null])
            #expect(sets.map { $0["weightKg"] } == [80, .null])
        }
    }

    /// `totalSets`, `totalReps` and `totalVolumeKg` count the same sets — done, not warm-ups —
    /// in the list, the detail and the CLI's `history`: two warm-ups and a set not done count in
    /// none of the three.
    @Test func totalsCountTheSameSetsEverywhere() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { harness, api in
            let workout = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            for body in [#"{"reps":8,"weightKg":60,"setType":"warmup"}"#, #"{"reps":8,"weightKg":60,"setType":"warmup"}"#,
                         #"{"reps":5,"weightKg":100}"#, #"{"reps":4,"weightKg":100,"setType":"failure"}"#,
                         #"{"reps":5,"weightKg":100,"isCompleted":false}"#] {
                _ = try await api.post("workouts/\(workout)/exercises/bench-press/sets", body).success(.created)
            }
            let detail = try await api.get("workouts/\(workout)").success(.ok)
            let listed = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 1, "hasMore": false])
            for answer in [detail, listed[0] ?? .null] {
                #expect(answer["totalSets"] == 2 && answer["totalReps"] == 9 && answer["totalVolumeKg"] == 900, "\(answer)")
            }
            let history = try await ServerHarness.wlog(["--journal", harness.journal(Self.lifter), "history", "--format", "csv"])
            let rows = history.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = try #require(rows.first), row = try #require(rows.dropFirst().first)
            let column = { (name: String) in header.firstIndex(of: name).map { row[$0] } }
            #expect(column("sets") == "2" && column("reps") == "9" && column("volume") == "900", "\(history.stdout)")
        }
    }

    /// `PATCH /workouts/:id` takes any subset of `name`, `notes`, `completedAt`: a rename and
    /// notes without finishing, notes after finishing kept (they were answered 200 and dropped),
    /// each a `workout.updated`; the same values again append nothing.
    @Test(arguments: StoreBackend.available)
    func aWorkoutRenamedAndAnnotatedWithoutFinishing(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            let workout = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
            let patch = { (body: String) in try Dart.Workout(fromJson: try Dart.data(try await api.patch("workouts/\(workout)", body).body)) }
            let renamed = try await patch(#"{"name":"Push Day (heavy)"}"#)
            #expect(renamed.name == "Push Day (heavy)" && renamed.isActive)
            let annotated = try await patch(#"{"notes":"Felt strong"}"#)
            #expect(annotated.notes == "Felt strong" && annotated.name == "Push Day (heavy)" && annotated.isActive)
            let finished = try await patch(#"{"completedAt":"2026-01-15T10:45:00Z"}"#)
            #expect(!finished.isActive && finished.notes == "Felt strong" && finished.durationSeconds == 4500)
            let later = try await patch(#"{"notes":"Great session","completedAt":"2026-01-15T10:45:00Z"}"#)
            #expect(later.notes == "Great session" && later.completedAt == finished.completedAt)
            let count = try await harness.lines(Self.lifter).count
            _ = try await patch(#"{"name":"Push Day (heavy)","notes":"Great session"}"#)
            #expect(try await harness.lines(Self.lifter).count == count)
            try await api.patch("workouts/\(workout)", "{}").failure(.badRequest, "VALIDATION_ERROR", field: "body")
            try await api.patch("workouts/\(workout)", #"{"soreness":3}"#).failure(.badRequest, "VALIDATION_ERROR", field: "completedAt")
            try await api.patch("workouts/2026-01-14", #"{"name":"Day"}"#).failure(.notFound, "NOT_FOUND")
            let reread = try Dart.Workout(fromJson: try Dart.data(try await api.get("workouts/\(workout)").body))
            #expect(reread.name == "Push Day (heavy)" && reread.notes == "Great session" && !reread.isActive)
            let types = try await harness.lines(Self.lifter).compactMap { JSON.parse(Array($0.utf8))?["type"]?.string }
            #expect(types.filter { $0 == "workout.updated" }.count == 3 && types.filter { $0 == "workout.finished" }.count == 1)
        }
    }
}

/// Values carried from one server run to the next in a test.
final class Box: @unchecked Sendable {
    var values: [String] = []
}
