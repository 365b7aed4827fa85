import Foundation
import HummingbirdTesting
import Testing

/// What fuzzing the API against its OpenAPI document found (scripts/schemathesis.sh and probes
/// at the document's bounds), each kept as a test.
@Suite struct SchemathesisFindingsTests {
    static let lifter = "5c0ffee0-0000-4000-8000-00000000fa11"

    /// `"reps": 9223372036854775807` was logged, and reps × weight overflowed in the volume sums:
    /// the server trapped while answering, and again on every read of that lifter after a restart.
    /// Reps are now 0 to 1000 (the CLI's set spec's bound), in a POST and a PATCH alike.
    @Test(arguments: StoreBackend.available)
    func repsPastTheBoundAreRefusedAndTheLifterStaysReadable(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            let workout = try await api.post("workouts", #"{"name":"Push"}"#).success(.created)["id"]?.string ?? ""
            let sets = "workouts/\(workout)/exercises/bench-press/sets"
            for reps in ["9223372036854775807", "1001", "-1"] {
                try await api.post(sets, #"{"reps":\#(reps),"weightKg":99999}"#).failure(.badRequest, "VALIDATION_ERROR", field: "reps")
            }
            // The largest set the engine takes: 1,000 reps at 10,000 kg, confirmed (issue 18's --force).
            try await api.post(sets, #"{"reps":1000,"weightKg":10000}"#).failure(.badRequest, "VALIDATION_ERROR", field: "weightKg")
            let set = try await api.post(sets, #"{"reps":1000,"weightKg":10000,"force":true}"#).success(.created)
            #expect(set["reps"] == 1000)
            let id = set["id"]?.string ?? ""
            try await api.patch(sets + "/" + id, #"{"reps":9223372036854775807}"#).failure(.badRequest, "VALIDATION_ERROR", field: "reps")
            let detail = try await api.get("workouts/" + workout).success(.ok)
            #expect(detail["totalReps"] == 1000)
            #expect(detail["totalVolumeKg"] == 10_000_000)
            try await api.get("volume").success(.ok)
            try await api.get("prs").success(.ok)
        }
    }

    /// Path parameters reached the routes still percent-encoded: `GET /exercises/Bench%20Press`
    /// (a name, which the document accepts) and `bench%2Dpress` (the same URI as `bench-press`)
    /// answered 404.
    @Test(arguments: StoreBackend.available)
    func pathParametersArePercentDecoded(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            for path in ["exercises/Bench%20Press", "exercises/bench%2Dpress", "exercises/bench-press"] {
                #expect(try await api.get(path).success(.ok)["exercise"]?["id"] == "bench-press", "\(path)")
            }
            let workout = try await api.post("workouts").success(.created)["id"]?.string ?? ""
            let set = try await api.post("workouts/\(workout)/exercises/Bench%20Press/sets", #"{"reps":5,"weightKg":100}"#).success(.created)
            let id = set["id"]?.string ?? ""
            try await api.patch("workouts/\(workout)/exercises/bench%2Dpress/sets/\(id)", #"{"reps":6}"#).success(.ok)
            try await api.get("exercises/No%20Such%20Lift").failure(.notFound, "NOT_FOUND")
            try await api.get("exercises/%ZZ").failure(.notFound, "NOT_FOUND")
        }
    }
}
