import Foundation
import HummingbirdTesting
import Testing

/// Seed 004's core flow over real HTTP on loopback — create workout → add exercise → log sets →
/// patch a set → complete → list → detail → start from routine → delete — every field of every
/// answer checked whole against §5/§6 (and wlog's documented extras, docs/SERVER.md), then the
/// same journal read by the CLI and as raw JSON lines.
@Suite struct SeedFlowTests {
    static let lifter = "11111111-1111-4111-8111-111111111111"

    @Test(arguments: StoreBackend.available)
    func coreFlowEndToEnd(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.lifter)
            let ids = IDs()
            try await harness.run { client in
                let api = API(client: client, token: token)
                try await Self.earlierSession(api, ids)
                try await Self.loggedSession(api, ids)
                try await Self.listAndDetail(api, ids)
                try await harness.appendByCLI(Self.lifter, ["append", "routine", "--file", "-"], stdin: Self.routine)
                try await Self.routineStart(api, ids)
                try await Self.deletes(api, ids)
            }
            try await harness.journalForTheCLI()
            try await Self.journalAsTheCLIReadsIt(harness, ids)
        }
    }

    /// The routine the CLI appends between the steps (`wlog append routine --file -`).
    static let routine = #"{"id":"ppl","name":"PPL","days":[{"title":"Push","exercises":["#
        + #"{"exercise":"bench press","sets":3,"reps":"6-8","rpe":8,"rest":120},"#
        + #"{"exercise":"squat","sets":3,"reps":5,"rest":180}]}]}"#

    /// The rest of Appendix B: search the library, create a custom exercise (find-or-create),
    /// use it in a workout and remove it from the workout (its sets go with it).
    @Test(arguments: StoreBackend.available)
    func exerciseLibraryAndRemovingAnExercise(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.lifter)
            try await harness.run { client in
                let api = API(client: client, token: token)
                let reply = try await api.get("exercises?q=bench&muscle=chest&equipment=barbell&page=1&pageSize=50")
                let list = reply.success(.ok, meta: reply.json?["meta"])
                let found = try #require(list.array)
                #expect(reply.json?["meta"] == ["page": 1, "pageSize": 50, "total": .number(Double(found.count)), "hasMore": false])
                #expect(found.count >= 3)
                #expect(found.contains(Self.bench))
                for item in found {
                    #expect(Set(item.object?.keys.map { $0 } ?? []) == Set(Self.bench.object?.keys.map { $0 } ?? []))
                    #expect(item["equipment"] == "barbell")
                    #expect(item["name"]?.string?.lowercased().contains("bench") == true || item["id"]?.string?.contains("bench") == true)
                }
                #expect(found.compactMap { $0["name"]?.string?.lowercased() } == found.compactMap { $0["name"]?.string?.lowercased() }.sorted())
                let page = try await api.get("exercises?q=bench&muscle=chest&equipment=barbell&page=2&pageSize=2")
                #expect(page.success(.ok, meta: ["page": 2, "pageSize": 2, "total": .number(Double(found.count)), "hasMore": .bool(found.count > 4)])
                    == .array(Array(found.dropFirst(2).prefix(2))))

                let body = #"{"name":"My Custom Exercise","category":"strength","primaryMuscle":"chest","secondaryMuscles":["triceps"],"#
                    + #""equipment":"dumbbell"}"#
                let custom = try await api.post("exercises", body).success(.created)
                #expect(custom == ["id": "my-custom-exercise", "name": "My Custom Exercise", "category": "strength", "primaryMuscle": "chest",
                                   "secondaryMuscles": ["triceps"], "muscles": [], "equipment": "dumbbell", "pattern": custom["pattern"] ?? nil,
                                   "isCustom": true, "setFields": ["reps", "weightKg"]])
                #expect(try await api.post("exercises", body).success(.ok) == custom)
                #expect(try await api.get("exercises?q=my%20custom").success(.ok, meta: ["page": 1, "pageSize": 50, "total": 1, "hasMore": false])
                    == [custom])

                let workout = try await Self.uuid(try await api.post("workouts", "{}").success(.created)["id"])
                for exercise in ["bench-press", "my-custom-exercise"] {
                    _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"\#(exercise)"}"#).success(.created)
                    _ = try await api.post("workouts/\(workout)/exercises/\(exercise)/sets", #"{"reps":10,"weightKg":20}"#).success(.created)
                }
                var detail = try await api.get("workouts/\(workout)").success(.ok)
                #expect([detail["exerciseCount"], detail["totalSets"], detail["exercises"]?[1]?["id"]] == [2, 2, "my-custom-exercise"])
                let removed = try await api.delete("workouts/\(workout)/exercises/my-custom-exercise")
                #expect(removed.status == .noContent)
                #expect(removed.body.isEmpty)
                detail = try await api.get("workouts/\(workout)").success(.ok)
                #expect([detail["exerciseCount"], detail["totalSets"], detail["totalReps"], detail["totalVolumeKg"]] == [1, 1, 10, 200])
                #expect(detail["exercises"]?.array?.map { $0["id"] } == ["bench-press"])
                try await api.delete("workouts/\(workout)/exercises/my-custom-exercise").failure(.notFound, "NOT_FOUND")
            }
            let types = try await harness.lines(Self.lifter).compactMap { JSON.parse(Array($0.utf8))?["type"]?.string }
            #expect(types.suffix(3) == ["set.logged", "set.deleted", "workout.exercise.removed"])
        }
    }

    /// Sets the CLI logged without a session are the day's implicit workout (id `YYYY-MM-DD`):
    /// listed and detailed with the CLI's set ids, never completed or added to, deleted whole.
    @Test func theCLIsSetsAreTheDaysImplicitWorkout() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(Self.lifter)
        try await harness.run { client in
            let api = API(client: client, token: token)
            _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            var short: [String] = []
            for spec in [["bench press", "100kgx5", "--at", "2026-01-14T18:00:00Z"], ["bench press", "100kgx3", "--at", "2026-01-14T18:05:00Z"],
                         ["squat", "120kgx5", "--at", "2026-01-14T18:20:00Z"]] {
                short.append(String(try await harness.appendByCLI(Self.lifter, ["append", "set"] + spec).prefix(8)))
            }
            let detail = try await api.get("workouts/2026-01-14").success(.ok)
            let ids = (detail["exercises"]?.array ?? []).flatMap { $0["sets"]?.array ?? [] }.compactMap { $0["id"]?.string }
            #expect(ids.map { String($0.prefix(8)) } == short)
            guard ids.count == 3 else { return }
            // Records: bench 100 × 5 and squat 120 × 5 each set heaviest, e1RM, 1RM, 3RM, 5RM, set volume.
            let day = Self.workout("2026-01-14", name: "", started: "2026-01-14T18:00:00Z", completed: "2026-01-14T18:20:00Z", duration: 1200,
                              sets: 3, reps: 13, volume: 1400, prs: 12, label: "Chest & Legs",
                              exercises: [Self.entry(Self.bench, order: 0, sets: [Self.set(ids[0], order: 0, reps: 5, kg: 100, at: "2026-01-14T18:00:00Z"),
                                                                        Self.set(ids[1], order: 1, reps: 3, kg: 100, at: "2026-01-14T18:05:00Z")]),
                                          Self.entry(Self.squat, order: 1, sets: [Self.set(ids[2], order: 0, reps: 5, kg: 120, at: "2026-01-14T18:20:00Z")])])
                .with("name", nil)
            #expect(detail == day)
            #expect(try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 1, "hasMore": false])
                == [day.without("exercises")])
            let deleted = try await api.delete("workouts/2026-01-14")
            #expect(deleted.status == .noContent)
            #expect(try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false]) == [])
            try await api.get("workouts/2026-01-14").failure(.notFound, "NOT_FOUND")
        }
        let types = try await harness.lines(Self.lifter).compactMap { JSON.parse(Array($0.utf8))?["type"]?.string }
        #expect(types == ["set.logged", "set.logged", "set.logged", "set.deleted", "set.deleted", "set.deleted"])
    }

    // MARK: The steps

    /// An earlier session (Jan 12), so that a routine start has a previous performance.
    static func earlierSession(_ api: API, _ ids: IDs) async throws {
        var data = try await api.post("workouts", #"{"name":"Push Day","startedAt":"2026-01-12T09:30:00Z"}"#).success(.created)
        ids.early = try await uuid(data["id"])
        #expect(data == workout(ids.early, name: "Push Day", started: "2026-01-12T09:30:00Z", label: "Workout", exercises: []))
        data = try await api.post("workouts/\(ids.early)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
        #expect(data == entry(bench, order: 0, sets: []).with("previousPerformance", nil))
        data = try await api.post("workouts/\(ids.early)/exercises/bench-press/sets",
                                  #"{"reps":8,"weightKg":77.5,"completedAt":"2026-01-12T09:40:00Z"}"#).success(.created)
        ids.earlySet = try await uuid(data["id"])
        #expect(data == set(ids.earlySet, order: 0, reps: 8, kg: 77.5, at: "2026-01-12T09:40:00Z"))
        data = try await api.patch("workouts/\(ids.early)", #"{"completedAt":"2026-01-12T10:30:00Z"}"#).success(.ok)
        // Records of the first qualifying set: rm1, rm3, rm5, rm8 (8 reps), heaviest, e1RM, set volume.
        #expect(data == workout(ids.early, name: "Push Day", started: "2026-01-12T09:30:00Z", completed: "2026-01-12T10:30:00Z",
                                duration: 3600, sets: 1, reps: 8, volume: 620, prs: 7, label: "Chest",
                                exercises: [entry(bench, order: 0, sets: [earlySetJSON(ids)])]))
    }

    /// Create → add exercise → warm-up, working (RPE 7), working (RPE 8.5) → patch a set → complete.
    static func loggedSession(_ api: API, _ ids: IDs) async throws {
        var data = try await api.post("workouts", #"{"name":"Push Day"}"#).success(.created)
        ids.workout = try await uuid(data["id"])
        #expect(data == workout(ids.workout, name: "Push Day", started: "2026-01-15T09:30:00Z", label: "Workout", exercises: []))
        data = try await api.post("workouts/\(ids.workout)/exercises", #"{"exerciseId":"bench-press","notes":"Focus on squeeze"}"#)
            .success(.created)
        #expect(data == entry(bench, order: 0, notes: "Focus on squeeze", sets: []).with("previousPerformance", previous(ids)))
        let base = "workouts/\(ids.workout)/exercises/bench-press/sets"
        data = try await api.post(base, #"{"reps":5,"weightKg":60,"setType":"warmup","completedAt":"2026-01-15T09:33:00Z"}"#)
            .success(.created)
        ids.warmup = try await uuid(data["id"])
        #expect(data == set(ids.warmup, order: 0, reps: 5, kg: 60, type: "warmup", at: "2026-01-15T09:33:00Z"))
        data = try await api.post(base, #"{"reps":8,"weightKg":80.0,"rpe":7,"setType":"working","isCompleted":true,"#
                                  + #""completedAt":"2026-01-15T09:35:00Z"}"#).success(.created)
        ids.working = try await uuid(data["id"])
        #expect(data == set(ids.working, order: 1, reps: 8, kg: 80, rpe: 7, at: "2026-01-15T09:35:00Z"))
        data = try await api.post(base, #"{"reps":6,"weightKg":80,"rpe":8.5,"completedAt":"2026-01-15T09:38:00Z"}"#)
            .success(.created)
        ids.third = try await uuid(data["id"])
        #expect(data == set(ids.third, order: 2, reps: 6, kg: 80, rpe: 8.5, at: "2026-01-15T09:38:00Z"))
        data = try await api.patch("\(base)/\(ids.working)", #"{"reps":10,"weightKg":82.5}"#).success(.ok)
        #expect(data == set(ids.working, order: 1, reps: 10, kg: 82.5, rpe: 7, at: "2026-01-15T09:35:00Z"))
        data = try await api.patch("workouts/\(ids.workout)", #"{"completedAt":"2026-01-15T10:45:00Z","notes":"Great session"}"#)
            .success(.ok)
        #expect(data == completedWorkout(ids))
    }

    /// `GET /workouts` pages (newest first) and `GET /workouts/:id`.
    static func listAndDetail(_ api: API, _ ids: IDs) async throws {
        let today = completedWorkout(ids).without("exercises"), early = earlyWorkout(ids).without("exercises")
        var data = try await api.get("workouts?page=1&pageSize=20")
            .success(.ok, meta: ["page": 1, "pageSize": 20, "total": 2, "hasMore": false])
        #expect(data == [today, early])
        data = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 2, "hasMore": false])
        #expect(data == [today, early])
        data = try await api.get("workouts?page=1&pageSize=1").success(.ok, meta: ["page": 1, "pageSize": 1, "total": 2, "hasMore": true])
        #expect(data == [today])
        data = try await api.get("workouts?page=2&pageSize=1").success(.ok, meta: ["page": 2, "pageSize": 1, "total": 2, "hasMore": false])
        #expect(data == [early])
        data = try await api.get("workouts?page=3&pageSize=1").success(.ok, meta: ["page": 3, "pageSize": 1, "total": 2, "hasMore": false])
        #expect(data == [])
        #expect(try await api.get("workouts/\(ids.workout)").success(.ok) == completedWorkout(ids))
        // Either form of an id: the UUID and its 32 hex digits.
        #expect(try await api.get("workouts/\(ids.workout.replacingOccurrences(of: "-", with: ""))").success(.ok) == completedWorkout(ids))
        #expect(try await api.get("workouts/\(ids.early)").success(.ok) == earlyWorkout(ids))
    }

    /// The routine the CLI wrote, listed, detailed and started (with previous performance).
    static func routineStart(_ api: API, _ ids: IDs) async throws {
        let summary: JSON = ["id": "ppl.1", "name": "PPL — Push", "exerciseCount": 2,
                             // (3 × (45 + 120) + 3 × (45 + 180)) s = 19.5 min → 20.
                             "estimatedDuration": 20]
        #expect(try await api.get("routines").success(.ok) == [summary])
        let planned: JSON = [
            ["id": "bench-press", "orderIndex": 0, "exercise": bench, "targetSets": 3, "targetRepsLow": 6, "targetRepsHigh": 8, "targetRpe": 8, "targetRpeExact": 8, "restSeconds": 120],
            ["id": "back-squat", "orderIndex": 1, "exercise": squat, "targetSets": 3, "targetRepsLow": 5, "targetRepsHigh": 5, "targetRpe": nil, "targetRpeExact": nil, "restSeconds": 180],
        ]
        #expect(try await api.get("routines/ppl.1").success(.ok) == summary.with("exercises", planned))
        let data = try await api.post("routines/ppl.1/start").success(.created)
        ids.started = try await uuid(data["id"])
        // Bench's previous performance is Jan 12's (today's session is not "before today"); squat has none.
        #expect(data == workout(ids.started, name: "Push", started: "2026-01-15T09:30:00Z", label: "Chest & Legs", routine: "ppl.1",
                                exercises: [entry(bench, order: 0, sets: []).with("previousPerformance", previous(ids)),
                                            entry(squat, order: 1, sets: []).with("previousPerformance", nil)]))
    }

    /// A set logged and deleted in the routine's workout, a set deleted from the completed one,
    /// then the routine's workout deleted.
    static func deletes(_ api: API, _ ids: IDs) async throws {
        var reply = try await api.post("workouts/\(ids.started)/exercises/back-squat/sets", #"{"reps":5,"weightKg":100}"#)
        let squatSet = try await uuid(reply.success(.created)["id"])
        #expect(reply.data == set(squatSet, order: 0, reps: 5, kg: 100, at: "2026-01-15T09:30:00Z"))
        reply = try await api.delete("workouts/\(ids.started)/exercises/back-squat/sets/\(squatSet)")
        #expect(reply.status == .noContent)
        #expect(reply.body.isEmpty)
        try await api.delete("workouts/\(ids.started)/exercises/back-squat/sets/\(squatSet)").failure(.notFound, "NOT_FOUND")
        let started = try await api.get("workouts/\(ids.started)").success(.ok)
        #expect(started["exercises"]?[1]?["sets"] == [])
        #expect(started["totalSets"] == 0)

        reply = try await api.delete("workouts/\(ids.workout)/exercises/bench-press/sets/\(ids.third)")
        #expect(reply.status == .noContent)
        #expect(reply.body.isEmpty)
        #expect(try await api.get("workouts/\(ids.workout)").success(.ok) == completedWorkout(ids, withThird: false))

        reply = try await api.delete("workouts/\(ids.started)")
        #expect(reply.status == .noContent)
        #expect(reply.body.isEmpty)
        try await api.get("workouts/\(ids.started)").failure(.notFound, "NOT_FOUND")
        try await api.delete("workouts/\(ids.started)").failure(.notFound, "NOT_FOUND")
        let list = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 2, "hasMore": false])
        #expect(list == [completedWorkout(ids, withThird: false).without("exercises"), earlyWorkout(ids).without("exercises")])
    }

    /// `wlog history` reads what the API wrote, `wlog verify` passes, and every line `lz4 -dc`
    /// gives is one JSON object (what `jq` needs), the events in the order the API appended them.
    static func journalAsTheCLIReadsIt(_ harness: ServerHarness, _ ids: IDs) async throws {
        let journal = harness.journal(lifter)
        let history = try await ServerHarness.wlog(["--journal", journal, "history", "--format", "json"])
        #expect(history.status == 0, "\(history.stderr)")
        let hex = { (id: String) in JSON.string(id.replacingOccurrences(of: "-", with: "")) }
        #expect(JSON.parse(Array(history.stdout.utf8)) == [
            ["workout_id": hex(ids.workout), "date": "2026-01-15", "name": "Push Day", "label": "Chest",
             "started_at": "2026-01-15T09:30:00+00:00", "finished_at": "2026-01-15T10:45:00+00:00", "duration_s": 4500,
             "exercises": 1, "sets": 1, "reps": 10, "volume": 825, "volume_unit": "kg", "prs": 8,
             "session_rpe": .null, "session_load": .null],
            ["workout_id": hex(ids.early), "date": "2026-01-12", "name": "Push Day", "label": "Chest",
             "started_at": "2026-01-12T09:30:00+00:00", "finished_at": "2026-01-12T10:30:00+00:00", "duration_s": 3600,
             "exercises": 1, "sets": 1, "reps": 8, "volume": 620, "volume_unit": "kg", "prs": 7,
             "session_rpe": .null, "session_load": .null],
        ])
        let verify = try await ServerHarness.wlog(["--journal", journal, "verify"])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")

        let lz4 = URL(fileURLWithPath: "/usr/bin/lz4")
        let lines: [String]
        if FileManager.default.isExecutableFile(atPath: lz4.path) {
            let raw = try await ServerHarness.wlog(["-dc", journal], program: lz4)
            #expect(raw.status == 0)
            lines = raw.stdout.split(separator: "\n").map(String.init)
            await #expect(lines == (try harness.events(lifter)))
        } else {
            lines = try await harness.events(lifter)
        }
        // `lz4 -dc journal | jq -c .` gives the lines back unchanged: each is one JSON object jq reads.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/jq"), FileManager.default.isExecutableFile(atPath: lz4.path) {
            let jq = try await ServerHarness.wlog(["-c", #"set -o pipefail; /usr/bin/lz4 -dc "$1" | /usr/bin/jq -c ."#, "sh", journal],
                                            program: URL(fileURLWithPath: "/bin/bash"))
            #expect(jq.status == 0, "\(jq.stderr)")
            #expect(jq.stdout.split(separator: "\n").map(String.init) == lines)
        }
        let events = lines.map { JSON.parse(Array($0.utf8)) }
        #expect(events.allSatisfy { $0?.object != nil })
        #expect(events.enumerated().allSatisfy { $1?["seq"] == .number(Double($0 + 1)) })
        #expect(events.map { $0?["type"]?.string ?? "?" } == [
            "workout.started", "workout.exercise.added", "set.logged", "workout.finished",
            "workout.started", "workout.exercise.added", "set.logged", "set.logged", "set.logged", "set.edited", "workout.finished",
            "routine.created", "workout.started", "set.logged", "set.deleted", "set.deleted", "workout.discarded",
        ])
        #expect(events.filter { $0?["type"] != "routine.created" }.allSatisfy { $0?["actor"] == "api" })
        #expect(events[2]?["id"] == hex(ids.earlySet))
        #expect(events[12]?["id"] == hex(ids.started))
    }

    // MARK: Expected values

    /// The ids the server gave, learnt as the flow goes.
    final class IDs: @unchecked Sendable {
        var early = "", earlySet = "", workout = "", warmup = "", working = "", third = "", started = ""
    }

    /// A workout id or set id: a lower-case UUID.
    static func uuid(_ value: JSON?) async throws -> String {
        let text = try #require(value?.string)
        #expect(text.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil, "\(text)")
        return text
    }

    static let bench: JSON = [
        "id": "bench-press", "name": "Bench Press", "category": "strength", "primaryMuscle": "chest",
        "secondaryMuscles": ["triceps", "shoulders"], "muscles": ["middle-chest", "triceps", "front-delts"],
        "equipment": "barbell", "pattern": "push", "isCustom": false, "setFields": ["reps", "weightKg"],
    ]
    static let squat: JSON = [
        "id": "back-squat", "name": "Back Squat", "category": "strength", "primaryMuscle": "legs", "secondaryMuscles": [],
        "muscles": ["quads", "glutes", "adductors", "lower-back"], "equipment": "barbell", "pattern": "squat", "isCustom": false,
        "setFields": ["reps", "weightKg"],
    ]

    static func set(_ id: String, order: Int, reps: Int, kg: Double, rpe: Double? = nil, type: String = "working",
                    at: String) -> JSON {
        ["id": .string(id), "orderIndex": .number(Double(order)), "reps": .number(Double(reps)), "weightKg": .number(kg),
         "rpe": rpe.map { .number($0.rounded(.toNearestOrAwayFromZero)) } ?? .null, "rpeExact": rpe.map(JSON.number) ?? .null,
         "setType": .string(type), "isCompleted": true, "completedAt": .string(at),
         "durationSeconds": nil, "distanceMeters": nil, "notes": nil]
    }

    /// A workout's exercise (`previousPerformance` is null but where a start or an add shows it).
    static func entry(_ exercise: JSON, order: Int, notes: String? = nil, sets: [JSON]) -> JSON {
        ["id": exercise["id"] ?? nil, "orderIndex": .number(Double(order)), "notes": notes.map(JSON.string) ?? .null,
         "exercise": exercise, "sets": .array(sets), "previousPerformance": nil]
    }

    static func workout(_ id: String, name: String, started: String, completed: String? = nil, duration: Int? = nil,
                        sets: Int = 0, reps: Int = 0, volume: Double = 0, prs: Int = 0, notes: String? = nil, label: String,
                        routine: String? = nil, exercises: [JSON]?) -> JSON {
        var object: [String: JSON] = [
            "id": .string(id), "name": .string(name), "notes": notes.map(JSON.string) ?? .null, "label": .string(label),
            "startedAt": .string(started), "completedAt": completed.map(JSON.string) ?? .null,
            "durationSeconds": duration.map { .number(Double($0)) } ?? .null, "totalSets": .number(Double(sets)),
            "totalReps": .number(Double(reps)), "totalVolumeKg": .number(volume), "exerciseCount": .number(Double(exercises?.count ?? 0)),
            "prCount": .number(Double(prs)), "routineId": routine.map(JSON.string) ?? .null, "sessionLoad": .null,
        ]
        if let exercises { object["exercises"] = .array(exercises) }
        return .object(object)
    }

    static func earlySetJSON(_ ids: IDs) -> JSON { set(ids.earlySet, order: 0, reps: 8, kg: 77.5, at: "2026-01-12T09:40:00Z") }

    static func earlyWorkout(_ ids: IDs) -> JSON {
        workout(ids.early, name: "Push Day", started: "2026-01-12T09:30:00Z", completed: "2026-01-12T10:30:00Z", duration: 3600,
                sets: 1, reps: 8, volume: 620, prs: 7, label: "Chest", exercises: [entry(bench, order: 0, sets: [earlySetJSON(ids)])])
    }

    /// Bench's last session before today: Jan 12's one working set.
    static func previous(_ ids: IDs) -> JSON {
        ["date": "2026-01-12", "text": "77.5 kg × 8", "sets": [earlySetJSON(ids)]]
    }

    /// Seed 004's example: 09:30 → 10:45 is 4,500 s. The warm-up counts in none of the totals —
    /// sets, reps, volume (`LoggedSet.countsInTotals`; volume 10 × 82.5 + 6 × 80). Records: rm1/3/5/8/10, heaviest, e1RM, set volume (8).
    static func completedWorkout(_ ids: IDs, withThird: Bool = true) -> JSON {
        var sets = [set(ids.warmup, order: 0, reps: 5, kg: 60, type: "warmup", at: "2026-01-15T09:33:00Z"),
                    set(ids.working, order: 1, reps: 10, kg: 82.5, rpe: 7, at: "2026-01-15T09:35:00Z")]
        if withThird { sets.append(set(ids.third, order: 2, reps: 6, kg: 80, rpe: 8.5, at: "2026-01-15T09:38:00Z")) }
        return workout(ids.workout, name: "Push Day", started: "2026-01-15T09:30:00Z", completed: "2026-01-15T10:45:00Z",
                       duration: 4500, sets: withThird ? 2 : 1, reps: withThird ? 16 : 10, volume: withThird ? 1305 : 825, prs: 8,
                       notes: "Great session", label: "Chest",
                       exercises: [entry(bench, order: 0, notes: "Focus on squeeze", sets: sets)])
    }
}
