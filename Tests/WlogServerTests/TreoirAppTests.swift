import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import WlogServer

/// What broke seed 004's app against `/api/v1` (issue 31), one test each: several open workouts,
/// a retried Quick Start, CORS and HEAD, "load everything" page sizes.
@Suite struct TreoirAppTests {
    static let lifter = "31313131-3131-4131-8131-000000000031"

    /// Quick Start while another workout is open makes a second one (the app killed before
    /// "Finish" can start again); the same create again within seconds, before any set, is the
    /// same workout; the monitor's "latest" is the newest.
    @Test(arguments: StoreBackend.available)
    func severalOpenWorkoutsAndARetriedQuickStart(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            let first = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(first)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            _ = try await api.post("workouts/\(first)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#).success(.created)
            let second = try await api.post("workouts", #"{"name":"Pull Day"}"#).success(.created)
            let secondID = try #require(second["id"]?.string)
            #expect(secondID != first && second["completedAt"] == .null)
            #expect(try await api.post("workouts", #"{"name":"Pull Day"}"#).success(.created) == second)
            let listed = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 2, "hasMore": false])
            #expect(Set(listed.array?.compactMap { $0["id"]?.string } ?? []) == [secondID, first])
            #expect(listed.array?.map { $0["completedAt"] } == [.null, .null])
            // A set in the second: a third create is a new workout, not a retry.
            _ = try await api.post("workouts/\(secondID)/exercises", #"{"exerciseId":"deadlift"}"#).success(.created)
            _ = try await api.post("workouts/\(secondID)/exercises/deadlift/sets", #"{"reps":5,"weightKg":140}"#).success(.created)
            let third = try #require(try await api.post("workouts", #"{"name":"Pull Day"}"#).success(.created)["id"]?.string)
            #expect(![first, secondID].contains(third))
            let types = try await harness.lines(Self.lifter).compactMap { JSON.parse(Array($0.utf8))?["type"]?.string }
            #expect(types.filter { $0 == "workout.started" }.count == 3)
        }
    }

    /// A page size above the maximum is served at the maximum, said in `meta.pageSize`.
    @Test func pageSizeAboveTheMaximumIsClamped() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { _, api in
            let exercises = try await api.get("exercises?pageSize=1000")
            let library = exercises.success(.ok, meta: exercises.json?["meta"])
            #expect(exercises.json?["meta"]?["pageSize"] == 500)
            #expect((library.array?.count ?? 0) >= 134)
            _ = try await api.get("workouts?pageSize=1000").success(.ok, meta: ["page": 1, "pageSize": 100, "total": 0, "hasMore": false])
            try await api.get("workouts?pageSize=0").failure(.badRequest, "VALIDATION_ERROR", field: "pageSize")
        }
    }

    /// A page on another origin: preflights answered before authentication, `Access-Control-*`
    /// on every `/api/v1` answer (errors too), `--cors-origin` narrowing it; HEAD where GET is.
    @Test func corsAndHead() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        try await harness.run { client in
            let api = API(client: client, token: token), anonymous = API(client: client, token: nil)
            var preflight: HTTPFields = [.origin: "http://127.0.0.1:9999"]
            preflight[.accessControlRequestMethod] = "POST"
            preflight[.accessControlRequestHeaders] = "authorization, content-type, idempotency-key"
            let answer = try await anonymous.call(.options, "workouts", headers: preflight)
            #expect(answer.status == .noContent)
            #expect(answer.headers[.accessControlAllowOrigin] == "*")
            #expect(answer.headers[.accessControlAllowMethods] == "GET, HEAD, POST, PATCH, DELETE, OPTIONS")
            #expect(answer.headers[.accessControlAllowHeaders]?.contains("Idempotency-Key") == true)
            #expect(answer.headers[.accessControlAllowCredentials] == nil)
            let origin: HTTPFields = [.origin: "http://127.0.0.1:9999"]
            let listed = try await api.call(.get, "workouts", headers: origin)
            #expect(listed.status == .ok && listed.headers[.accessControlAllowOrigin] == "*")
            let refused = try await anonymous.call(.get, "workouts", headers: origin)
            refused.failure(.unauthorized, "UNAUTHORIZED")
            #expect(refused.headers[.accessControlAllowOrigin] == "*")
            // HEAD: GET's status and headers, no body.
            let head = try await api.call(.head, "workouts")
            #expect(head.status == .ok && head.body.isEmpty && head.headers[.contentType] == "application/json; charset=utf-8",
                    "\(head.status) \(head.headers) \(head.body)")
            #expect(try await api.call(.head, "exercises?q=bench").status == .ok)
            // Web pages and health are not part of it.
            #expect(try await anonymous.call(.get, "/healthz", headers: origin).headers[.accessControlAllowOrigin] == nil)
        }
        var narrowed = try ServerHarness()
        defer { narrowed.remove() }
        narrowed.configuration.corsOrigins = ["https://monitor.example"]
        try await narrowed.run { client in
            let anonymous = API(client: client, token: nil)
            for (origin, allowed) in [("https://monitor.example", "https://monitor.example"), ("https://evil.example", nil)] {
                var preflight: HTTPFields = [.origin: origin]
                preflight[.accessControlRequestMethod] = "GET"
                let answer = try await anonymous.call(.options, "workouts", headers: preflight)
                #expect(answer.status == .noContent)
                #expect(answer.headers[.accessControlAllowOrigin] == allowed)
                #expect(answer.headers[.vary] == "Origin")
            }
        }
        #expect(APIOrigin.isOrigin("http://127.0.0.1:8081") && APIOrigin.isOrigin("https://monitor.example"))
        #expect(!APIOrigin.isOrigin("monitor.example") && !APIOrigin.isOrigin("https://monitor.example/") && !APIOrigin.isOrigin("https://"))
    }

    /// Every exercise says the set fields it needs; `setFields=reps,weightKg,rpe` leaves exactly
    /// those §5's body can log (the 17 cardio and timed ones of the library are not among them).
    @Test func exercisesSayWhatASetOfThemNeeds() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { _, api in
            let all = try #require(try await api.get("exercises?pageSize=500").data?.array)
            let basic = try #require(try await api.get("exercises?pageSize=500&setFields=reps,weightKg,rpe").data?.array)
            let fields = Set(["reps", "weightKg", "rpe"])
            #expect(basic == all.filter { ($0["setFields"]?.array ?? [nil]).allSatisfy { fields.contains($0.string ?? "") } })
            #expect(all.count - basic.count == 17, "\(all.count) \(basic.count)")
            let byID = Dictionary(all.map { ($0["id"]?.string ?? "", $0["setFields"]) }, uniquingKeysWith: { first, _ in first })
            #expect(byID["bench-press"] == ["reps", "weightKg"] && byID["pull-up"] == ["reps"])
            #expect(byID["rowing"] == ["distanceMeters", "durationSeconds"] && byID["plank"] == ["durationSeconds"])
        }
    }

    /// A custom exercise named like a library one with other equipment is refused (409 naming
    /// the field), never answered with the library's exercise; the same equipment finds it.
    @Test func aCustomExerciseNamedLikeTheLibrarysIsNotTheLibrarys() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { harness, api in
            _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            let before = harness.journalBytes(Self.lifter)
            try await api.post("exercises", #"{"name":"Bench Press","primaryMuscle":"chest","equipment":"dumbbell"}"#)
                .failure(.conflict, "EXERCISE_EXISTS", field: "equipment")
            try await api.post("exercises", #"{"name":"Bench Press","primaryMuscle":"chest","category":"timed"}"#)
                .failure(.conflict, "EXERCISE_EXISTS", field: "category")
            try await api.post("exercises", #"{"name":"Bench\u0000Press","primaryMuscle":"chest"}"#)
                .failure(.badRequest, "VALIDATION_ERROR", field: "name")
            #expect(harness.journalBytes(Self.lifter) == before)
            let same = try await api.post("exercises", #"{"name":"Bench Press","primaryMuscle":"chest","equipment":"barbell"}"#).success(.ok)
            #expect(same["id"] == "bench-press" && same["equipment"] == "barbell")
            let own = try await api.post("exercises", #"{"name":"Dumbbell Bench Press 2","primaryMuscle":"chest","equipment":"dumbbell"}"#)
            #expect(own.success(.created)["equipment"] == "dumbbell")
        }
    }

    /// `completedAt` is null until a set is done, then the time it was ticked; a finish a phone
    /// stamps a couple of minutes before the server's start is taken as now, a real earlier
    /// time is still refused.
    @Test func completionTimes() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { _, api in
            let workout = try #require(try await api.post("workouts", #"{"name":"Skewed"}"#).success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            let planned = try await api.post("workouts/\(workout)/exercises/bench-press/sets",
                                             #"{"reps":5,"weightKg":100,"isCompleted":false,"completedAt":"2026-01-15T09:20:00Z"}"#).success(.created)
            #expect(planned["completedAt"] == .null && planned["isCompleted"] == false)
            let id = try #require(planned["id"]?.string)
            let ticked = try await api.patch("workouts/\(workout)/exercises/bench-press/sets/\(id)", #"{"isCompleted":true}"#).success(.ok)
            #expect(ticked["completedAt"] == "2026-01-15T09:30:00Z" && ticked["isCompleted"] == true)
            let finished = try await api.patch("workouts/\(workout)", #"{"completedAt":"2026-01-15T09:28:00Z"}"#).success(.ok)
            #expect(finished["completedAt"] == "2026-01-15T09:30:00Z" && finished["durationSeconds"] == 0)
            let other = try #require(try await api.post("workouts", #"{"name":"Other"}"#).success(.created)["id"]?.string)
            try await api.patch("workouts/\(other)", #"{"completedAt":"2026-01-15T08:00:00Z"}"#).failure(.badRequest, "VALIDATION_ERROR", field: "completedAt")
        }
    }

    /// Reloading the Active Workout keeps "Previous: 80 kg × 8, 8, 7" (§8): every read of an open
    /// workout carries each exercise's previous performance, as adding the exercise did.
    @Test(arguments: StoreBackend.available)
    func previousPerformanceSurvivesAReload(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { _, api in
            let earlier = try #require(try await api.post("workouts", #"{"name":"Push","startedAt":"2026-01-14T09:00:00Z"}"#)
                .success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(earlier)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            for (minute, reps) in [(5, 8), (8, 8), (11, 7)] {
                _ = try await api.post("workouts/\(earlier)/exercises/bench-press/sets",
                                       #"{"reps":\#(reps),"weightKg":80,"completedAt":"2026-01-14T09:\#(minute < 10 ? "0" : "")\#(minute):00Z"}"#)
                    .success(.created)
            }
            _ = try await api.patch("workouts/\(earlier)", #"{"completedAt":"2026-01-14T10:00:00Z"}"#).success(.ok)
            let today = try #require(try await api.post("workouts", #"{"name":"Push"}"#).success(.created)["id"]?.string)
            let added = try await api.post("workouts/\(today)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            #expect(added["previousPerformance"]?["text"] == "80 kg × 8, 8, 7")
            let reloaded = try await api.get("workouts/\(today)").success(.ok)
            #expect(reloaded["exercises"]?[0]?["previousPerformance"] == added["previousPerformance"])
        }
    }

    /// An `Idempotency-Key` reused with a different body is 422 naming the key (nothing
    /// appended); the same body again is still the first answer.
    @Test func anIdempotencyKeyReusedForAnotherRequest() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { harness, api in
            var key = HTTPFields()
            key[HTTPField.Name("Idempotency-Key")!] = "quick-start-1"
            let first = try await api.post("workouts", #"{"name":"Push Day"}"#, headers: key).success(.created)
            let workout = try #require(first["id"]?.string)
            _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            let set = try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#, headers: key)
                .success(.created)
            let before = harness.journalBytes(Self.lifter)
            try await api.post("workouts", #"{"name":"Leg Day"}"#, headers: key).failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":105}"#, headers: key)
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            #expect(harness.journalBytes(Self.lifter) == before)
            #expect(try await api.post("workouts", #"{"name":"Push Day"}"#, headers: key).success(.created)["id"] == first["id"])
            #expect(try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#, headers: key)
                .success(.created) == set)
        }
    }

    /// The same for an exercise added to a workout (a first entry and a further one: a retry
    /// answers the entry its key made) and for a body weight.
    @Test func anIdempotencyKeyReusedForAnotherEntryOrWeight() async throws {
        try await ServerHarness.withAPI(.journal, as: Self.lifter) { harness, api in
            func key(_ text: String) -> HTTPFields {
                var fields = HTTPFields()
                fields[HTTPField.Name("Idempotency-Key")!] = text
                return fields
            }
            let workout = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
            let path = "workouts/\(workout)/exercises"
            let first = try await api.post(path, #"{"exerciseId":"bench-press"}"#, headers: key("add-1")).success(.created)
            let again = try await api.post(path, #"{"exerciseId":"Bench Press"}"#, headers: key("add-2")).success(.created)
            #expect(first["id"] == "bench-press")
            #expect(again["id"] != first["id"])
            let weighed = try await api.post("bodyweight", #"{"weightKg":80.5}"#, headers: key("weigh-1")).success(.created)
            let before = harness.journalBytes(Self.lifter)
            try await api.post(path, #"{"exerciseId":"squat"}"#, headers: key("add-1"))
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            try await api.post(path, #"{"exerciseId":"squat"}"#, headers: key("add-2"))
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            try await api.post("bodyweight", #"{"weightKg":81}"#, headers: key("weigh-1"))
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            try await api.post("bodyweight", #"{"weightKg":80.5,"notes":"after lunch"}"#, headers: key("weigh-1"))
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            #expect(harness.journalBytes(Self.lifter) == before)
            #expect(try await api.post(path, #"{"exerciseId":"bench-press"}"#, headers: key("add-1")).success(.created)["id"] == first["id"])
            #expect(try await api.post(path, #"{"exerciseId":"bench-press"}"#, headers: key("add-2")).success(.created)["id"] == again["id"])
            #expect(try await api.post("bodyweight", #"{"weightKg":80.5}"#, headers: key("weigh-1")).success(.created) == weighed)
            #expect(harness.journalBytes(Self.lifter) == before)
        }
    }
}
