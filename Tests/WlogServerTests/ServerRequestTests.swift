import Foundation
import HTTPTypes
import HummingbirdTesting
import Synchronization
import Testing

/// Hostile or faulty requests: too large, not JSON, wrong types, too many, retried, refused —
/// each answered in the error envelope naming what is wrong, and none of them changes a journal.
extension ServerSecurityTests {
    static let lifterD = "dddddddd-dddd-4ddd-8ddd-dddddddddddd"

    /// A lifter with an open workout holding bench press; its id.
    static func openWorkout(_ api: API) async throws -> String {
        let id = try #require(try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)["id"]?.string)
        _ = try await api.post("workouts/\(id)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
        return id
    }

    /// A body over the limit is answered 413 and its connection closed (issue 37: a body the server
    /// did not read is never waited for), so each 413 here ends its client's connection.
    @Test(arguments: StoreBackend.available)
    func bodiesOverOneMiBAnswer413AndAppendNothing(_ backend: StoreBackend) async throws {
        let padding = String(repeating: "x", count: 1 << 20)
        try await ServerHarness.with(backend) { base in
            // A note limit past the body's (the default, 4,096 bytes, refuses 413 first: WriteLimitTests).
            var configured = base
            configured.configuration.limits.noteBytes = 2 << 20
            let harness = configured
            let token = try await harness.token(Self.lifterD)
            try await harness.run { client in
                let api = API(client: client, token: token)
                let workout = try await Self.openWorkout(api)
                let before = try #require(try await harness.recorded(Self.lifterD))
                // Just under the limit, but its event would pass the journal's line limit: 400, not a 5xx.
                let near = String(repeating: "x", count: (1 << 20) - 40)
                try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100,"notes":""# + near + #""}"#)
                    .failure(.badRequest, "VALIDATION_ERROR", field: "body")
                // A 400 about a body read whole keeps the connection.
                _ = try await api.get("workouts/\(workout)").success(.ok)
                let reply = try await api.post("workouts", #"{"name":""# + padding + #""}"#)
                reply.failure(.contentTooLarge, "PAYLOAD_TOO_LARGE")
                #expect(reply.headers[.connection] == "close")
                #expect(try await harness.recorded(Self.lifterD) == before)
            }
        }
        try await ServerHarness.withAPI(backend, as: Self.lifterD) { harness, api in
            let workout = try await Self.openWorkout(api)
            let before = try #require(try await harness.recorded(Self.lifterD))
            try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100,"notes":""# + padding + #""}"#)
                .failure(.contentTooLarge, "PAYLOAD_TOO_LARGE")
            #expect(try await harness.recorded(Self.lifterD) == before)
        }
    }

    @Test(arguments: StoreBackend.available)
    func malformedJSONAndWrongTypesAnswer400NamingTheField(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifterD) { harness, api in
            let workout = try await Self.openWorkout(api)
            let sets = "workouts/\(workout)/exercises/bench-press/sets"
            let before = try #require(try await harness.recorded(Self.lifterD))
            let cases: [(HTTPRequest.Method, String, String, String)] = [
                (.post, "workouts", #"{"name":"#, "body"),
                (.post, "workouts", #"{"name":"Push" "notes":"x"}"#, "body"),
                (.post, "workouts", #"[1,2]"#, "body"),
                (.post, "workouts", #""Push""#, "body"),
                (.post, "workouts", #"{"name":5}"#, "name"),
                (.post, "workouts", #"{"startedAt":true}"#, "startedAt"),
                (.post, sets, #"{"reps":"eight","weightKg":80}"#, "reps"),
                (.post, sets, #"{"reps":8.5,"weightKg":80}"#, "reps"),
                (.post, sets, #"{"reps":8.5,"weightKg":80.5}"#, "reps"),
                (.post, sets, #"{"reps":99999999999999999999,"weightKg":80}"#, "reps"),
                (.post, sets, #"{"reps":8,"weightKg":"heavy"}"#, "weightKg"),
                (.post, sets, #"{"reps":8,"weightKg":80,"isCompleted":"yes"}"#, "isCompleted"),
                (.post, sets, #"{"reps":8,"weightKg":80,"rpe":[7]}"#, "rpe"),
                (.patch, "\(sets)/\(UUID().uuidString.lowercased())", #"{"reps":null,"weightKg":{}}"#, "weightKg"),
                (.post, "workouts/\(workout)/exercises", #"{"exerciseId":null}"#, "exerciseId"),
                (.post, "workouts/\(workout)/exercises", #"{"notes":"x"}"#, "exerciseId"),
                (.patch, "workouts/\(workout)", #"{"completedAt":123}"#, "completedAt"),
                (.post, "exercises", #"{"primaryMuscle":"chest"}"#, "name"),
                (.post, "exercises", #"{"name":"X","primaryMuscle":"chest","secondaryMuscles":[1]}"#, "secondaryMuscles[0]"),
                (.post, "bodyweight", #"{}"#, "weightKg"),
                (.post, "bodyweight", #"{"weightKg":"80"}"#, "weightKg"),
            ]
            for (method, path, body, field) in cases {
                let reply = try await api.call(method, path, body)
                reply.failure(.badRequest, "VALIDATION_ERROR", field: field)
                #expect(reply.field == field, "\(method) \(path) \(body)")
            }
            #expect(try await harness.recorded(Self.lifterD) == before)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBodyThatIsNotJSONAnswers415(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifterD) { harness, api in
            _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            let before = try #require(try await harness.recorded(Self.lifterD))
            for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", nil] {
                try await api.call(.post, "workouts", #"{"name":"Push"}"#, contentType: contentType)
                    .failure(.unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE")
            }
            #expect(try await harness.recorded(Self.lifterD) == before)
            // JSON under its other names is taken.
            _ = try await api.call(.post, "workouts", #"{"name":"A"}"#, contentType: "application/json; charset=utf-8").success(.created)
            _ = try await api.call(.post, "bodyweight", #"{"weightKg":80}"#, contentType: "Application/JSON").success(.created)
            _ = try await api.call(.post, "bodyweight", #"{"weightKg":81}"#, contentType: "application/vnd.api+json").success(.created)
        }
    }

    /// A bucket of one request a lifter (and one an address) that refills in about 1,000 s: the
    /// second request is refused whatever the timing, with `Retry-After`, and appends nothing.
    @Test func theRateLimitAnswers429WithRetryAfter() async throws {
        let perLifter = try ServerHarness(lifterRate: 0.001)
        defer { perLifter.remove() }
        let tokenD = try await perLifter.token(Self.lifterD), tokenA = try await perLifter.token(Self.lifterA)
        try await perLifter.run { client in
            let d = API(client: client, token: tokenD)
            _ = try await d.post("workouts", #"{"name":"Push"}"#).success(.created)
            let before = try #require(perLifter.journalBytes(Self.lifterD))
            for reply in [try await d.get("workouts"), try await d.post("workouts", #"{"name":"Pull"}"#)] {
                reply.failure(.tooManyRequests, "RATE_LIMITED")
                let wait = try #require(reply.headers[.retryAfter].flatMap { Int($0) })
                #expect((1...1000).contains(wait))
            }
            #expect(perLifter.journalBytes(Self.lifterD) == before)
            // Another lifter has a bucket of their own.
            _ = try await API(client: client, token: tokenA).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
        }
        let perAddress = try ServerHarness(addressRate: 0.001)
        defer { perAddress.remove() }
        let token = try await perAddress.token(Self.lifterD)
        try await perAddress.run { client in
            _ = try await API(client: client, token: token).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            // The address is throttled before any token is looked at: a bad one too.
            for api in [API(client: client, token: token), API(client: client, token: "not-a-token"), API(client: client, token: nil)] {
                let reply = try await api.get("workouts")
                reply.failure(.tooManyRequests, "RATE_LIMITED")
                #expect(reply.headers[.retryAfter].flatMap { Int($0) } != nil)
            }
            // Public routes are not limited.
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }

    /// A POST retried with the same `Idempotency-Key` (or the same client set `id`) answers the
    /// first one's resource and leaves one event; another key (or lifter) is another resource.
    @Test(arguments: StoreBackend.available)
    func idempotencyKeysMakeRetriesTheSameEvent(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let tokenD = try await harness.token(Self.lifterD), tokenA = try await harness.token(Self.lifterA)
            try await harness.run { client in
                let api = API(client: client, token: tokenD)
                var key = HTTPFields()
                key[.init("Idempotency-Key")!] = "retry-1"
                let first = try await api.post("workouts", #"{"name":"Push Day"}"#, headers: key)
                let again = try await api.post("workouts", #"{"name":"Push Day"}"#, headers: key)
                let workout = try #require(first.success(.created)["id"]?.string)
                #expect(again.success(.created) == first.data)
                _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#, headers: key).success(.created)
                _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#, headers: key).success(.created)
                let sets = "workouts/\(workout)/exercises/bench-press/sets"
                let set = try await api.post(sets, #"{"reps":5,"weightKg":100}"#, headers: key).success(.created)
                #expect(try await api.post(sets, #"{"reps":5,"weightKg":100}"#, headers: key).success(.created) == set)
                let chosen = "0b0e6c55-1d1e-4c6b-9a53-3c7b0f4a1e2d"
                let own = try await api.post(sets, #"{"id":"\#(chosen)","reps":3,"weightKg":110}"#).success(.created)
                #expect(own["id"] == .string(chosen))
                #expect(try await api.post(sets, #"{"id":"\#(chosen)","reps":3,"weightKg":110}"#).success(.created) == own)
                _ = try await api.post("bodyweight", #"{"weightKg":82.5}"#, headers: key).success(.created)
                _ = try await api.post("bodyweight", #"{"weightKg":82.5}"#, headers: key).success(.created)
                let routine = #"{"id":"ppl","name":"PPL","days":[{"title":"Push","exercises":[{"exercise":"bench press","sets":3,"reps":5}]}]}"#
                try await harness.appendByCLI(Self.lifterD, ["append", "routine", "--file", "-"], stdin: routine)
                _ = try await api.patch("workouts/\(workout)", #"{"completedAt":"2026-01-15T09:30:00Z"}"#).success(.ok)
                let started = try await api.post("routines/ppl.1/start", headers: key).success(.created)
                #expect(try await api.post("routines/ppl.1/start", headers: key).success(.created) == started)
                // The client's id on another kind of event, or another exercise: 409, nothing appended.
                let before = try #require(try await harness.recorded(Self.lifterD))
                try await api.post("workouts/\(workout)/exercises/back-squat/sets", #"{"id":"\#(chosen)","reps":3,"weightKg":110}"#)
                    .failure(.conflict, "CONFLICT")
                try await api.post(sets, #"{"id":"\#(workout)","reps":3,"weightKg":110}"#).failure(.conflict, "CONFLICT")
                #expect(try await harness.recorded(Self.lifterD) == before)
                // Another key is another workout; the same key from another lifter is theirs alone.
                var other = HTTPFields()
                other[.init("Idempotency-Key")!] = "retry-2"
                let startedID = try #require(started["id"]?.string)
                _ = try await api.patch("workouts/\(startedID)", #"{"completedAt":"2026-01-15T09:30:00Z"}"#).success(.ok)
                #expect(try await api.post("workouts", #"{"name":"Push Day"}"#, headers: other).success(.created)["id"] != .string(workout))
                let theirs = try await API(client: client, token: tokenA).post("workouts", #"{"name":"Push Day"}"#, headers: key).success(.created)
                #expect(theirs["id"] != .string(workout))
            }
            let types = try await harness.lines(Self.lifterD).compactMap { JSON.parse(Array($0.utf8))?["type"]?.string }
            #expect(types == ["workout.started", "workout.exercise.added", "set.logged", "set.logged", "bodyweight.recorded",
                              "routine.created", "workout.finished", "workout.started", "workout.finished", "workout.started"])
            #expect(try await harness.lines(Self.lifterA).count == 1)
        }
    }

    /// Commands the engine refuses: 400 naming the field with the value and the fix, and the
    /// journal's bytes unchanged.
    @Test(arguments: StoreBackend.available)
    func refusedCommandsAnswer400AndAppendNothing(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifterD) { harness, api in
            let workout = try await Self.openWorkout(api)
            let sets = "workouts/\(workout)/exercises/bench-press/sets"
            let set = try #require(try await api.post(sets, #"{"reps":5,"weightKg":100}"#).success(.created)["id"]?.string)
            let before = try #require(try await harness.recorded(Self.lifterD))
            let cases: [(HTTPRequest.Method, String, String?, String, String)] = [
                (.post, sets, #"{"reps":-1,"weightKg":100}"#, "reps", "-1 is not a rep count — a whole number from 0 to 1000"),
                (.post, sets, #"{"reps":5,"weightKg":-5}"#, "weightKg", "-5 kg is not allowed — a strength set needs weight > 0"),
                (.post, sets, #"{"reps":5}"#, "weightKg", "none is not allowed — a strength set needs weight > 0"),
                (.post, sets, #"{"reps":5,"weightKg":100,"rpe":11}"#, "rpe", "11 is not allowed — RPE is 1 to 10 in steps of 0.5 (e.g. 8 or 8.5)"),
                (.post, sets, #"{"reps":5,"weightKg":100,"setType":"heavy"}"#, "setType",
                 #""heavy" is not a set type — working, warmup, drop, failure or amrap"#),
                (.post, sets, #"{"reps":5,"weightKg":100,"completedAt":"yesterday"}"#, "completedAt",
                 #""yesterday" is not an ISO 8601 instant with a zone — e.g. 2026-01-15T09:30:00Z"#),
                (.post, sets, #"{"reps":5,"weightKg":100,"completedAt":"2026-01-20T00:00:00Z"}"#, "completedAt",
                 "2026-01-20T00:00:00+00:00 is not allowed — it is more than a day after now (2026-01-15T09:30:00+00:00)"),
                (.patch, "\(sets)/\(set)", #"{"reps":-1}"#, "reps", "-1 is not a rep count — a whole number from 0 to 1000"),
                (.patch, "\(sets)/\(set)", #"{"weightKg":-5}"#, "weightKg", "-5 kg is not allowed — a strength set needs weight > 0"),
                (.patch, "\(sets)/\(set)", #"{}"#, "body", "has no field to change — send reps, weightKg, rpe, setType, isCompleted …"),
                (.patch, "workouts/\(workout)", #"{"soreness":3}"#, "completedAt",
                 "is required with soreness or sessionRpe — wlog records them when the workout completes"),
                (.patch, "workouts/\(workout)", #"{"completedAt":"2026-01-14T00:00:00Z"}"#, "completedAt",
                 "2026-01-14T00:00:00+00:00 is not allowed — a workout cannot finish before it started (2026-01-15T09:30:00+00:00)"),
                (.post, "workouts", #"{"startedAt":"2027-01-14T00:00:00Z"}"#, "startedAt",
                 "2027-01-14T00:00:00+00:00 is not allowed — it is more than a day after now (2026-01-15T09:30:00+00:00)"),
                (.post, "bodyweight", #"{"weightKg":-3}"#, "weightKg", "-3 kg is not allowed — a body weight must be more than 0"),
                (.post, "exercises", #"{"name":"X","primaryMuscle":"elbows"}"#, "primaryMuscle", ""),
                (.get, "workouts?pageSize=0", nil, "pageSize", #""0" is not allowed — a whole number from 1 (above 100, 100 are served)"#),
                (.get, "workouts?page=x", nil, "page", #""x" is not allowed — a whole number from 1 to 1000000"#),
            ]
            for (method, path, body, field, message) in cases {
                let reply = try await api.call(method, path, body)
                reply.failure(.badRequest, "VALIDATION_ERROR", field: field)
                if !message.isEmpty {
                    #expect(reply.json?["error"]?["details"] == [["field": .string(field), "message": .string(message)]], "\(path) \(body ?? "")")
                    #expect(reply.json?["error"]?["message"] == .string(field + ": " + message))
                }
                #expect(try await harness.recorded(Self.lifterD) == before, "\(method) \(path) \(body ?? "") changed the journal")
            }
        }
    }
}

extension ServerSecurityTests {
    /// A header damaged under the running server (issue 37): the writer it keeps between writes
    /// does not append on it (the file changed in place, so the journal is opened again and its
    /// header read): reads and writes answer 503 `JOURNAL_DAMAGED`, running and after a restart, and
    /// no write is acknowledged that could not be read back.
    @Test func aDamagedHeaderRefusesWritesWhileRunning() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifterD)
        for round in 0..<2 {
            try await harness.run { client in
                let api = API(client: client, token: token)
                var workout = "2026-01-15"
                if round == 0 {
                    workout = try await Self.openWorkout(api)
                    _ = try await api.post("workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#).success(.created)
                    var bytes = try #require(try await harness.recorded(Self.lifterD))
                    bytes[5] ^= 0xFF
                    try bytes.write(to: URL(fileURLWithPath: harness.journal(Self.lifterD)))
                }
                let before = try await harness.recorded(Self.lifterD)
                for (method, path, body) in [(HTTPRequest.Method.post, "workouts/\(workout)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#),
                                             (.post, "bodyweight", #"{"weightKg":80}"#), (.get, "workouts?page=1&pageSize=20", nil)] {
                    let reply = try await api.call(method, path, body)
                    reply.failure(.serviceUnavailable, "JOURNAL_DAMAGED")
                }
                #expect(try await harness.recorded(Self.lifterD) == before)
            }
        }
    }

    /// A journal damaged under the server (a flipped byte in a committed frame, issue 37): no read
    /// answers 200 with less than was logged — reads and writes alike answer 503 `JOURNAL_DAMAGED`
    /// with `Retry-After` and a reason that names no server path, running and after a restart, and
    /// not a byte is appended; after `wlog repair` (and re-appending its salvage) every read answers
    /// 200 again with the events before the damage.
    @Test func aDamagedJournalIsRefusedWith503UntilRepaired() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifterD)
        let workout = Mutex("")
        try await harness.run { client in
            let api = API(client: client, token: token)
            let id = try await Self.openWorkout(api)
            workout.withLock { $0 = id }
            for _ in 0..<4 { _ = try await api.post("workouts/\(id)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#).success(.created) }
        }
        let id = workout.withLock { $0 }
        var bytes = try #require(try await harness.recorded(Self.lifterD))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: harness.journal(Self.lifterD)))
        await #expect(try ServerHarness.wlog(["--journal", harness.journal(Self.lifterD), "verify"]).status == 74)
        let calls: [(HTTPRequest.Method, String, String?)] = [
            (.get, "workouts?page=1&pageSize=20", nil), (.get, "workouts/\(id)", nil), (.get, "events", nil), (.get, "prs", nil),
            (.post, "workouts/\(id)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#),
            (.post, "workouts", #"{"name":"Pull"}"#), (.patch, "workouts/\(id)", #"{"completedAt":"2026-01-15T10:00:00Z"}"#),
            (.post, "bodyweight", #"{"weightKg":80}"#), (.delete, "workouts/\(id)", nil),
        ]
        // Twice: a new application over the same folder is a restart.
        for _ in 0..<2 {
            try await harness.run { client in
                let api = API(client: client, token: token)
                for (method, path, body) in calls {
                    let reply = try await api.call(method, path, body)
                    reply.failure(.serviceUnavailable, "JOURNAL_DAMAGED")
                    #expect(reply.headers[.retryAfter] == "60")
                    #expect(reply.body.contains("wlog repair"), "\(reply.body)")
                    #expect(!reply.body.contains(harness.data), "\(reply.body)")
                    #expect(!reply.body.contains("journal.wlog"))
                }
            }
            #expect(try await harness.recorded(Self.lifterD) == bytes)
        }
        let repair = try await ServerHarness.wlog(["--journal", harness.journal(Self.lifterD), "repair", "--yes"])
        #expect(repair.status == 0, "\(repair.stderr)")
        await #expect(try ServerHarness.wlog(["--journal", harness.journal(Self.lifterD), "verify"]).status == 0)
        try await harness.run { client in
            let api = API(client: client, token: token)
            _ = try await api.get("workouts?page=1&pageSize=20").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 1, "hasMore": false])
            _ = try await api.get("events").success(.ok)
            _ = try await api.post("workouts/\(id)/exercises/bench-press/sets", #"{"reps":5,"weightKg":100}"#).success(.created)
        }
    }
}
