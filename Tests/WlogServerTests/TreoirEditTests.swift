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
}

/// Values carried from one server run to the next in a test.
final class Box: @unchecked Sendable {
    var values: [String] = []
}
