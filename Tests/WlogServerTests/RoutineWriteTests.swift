import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import WlogCore

/// `POST`, `PATCH` and `DELETE /routines` (issue 31, beyond seed 004 §5): an app-only lifter makes
/// the routines its Routine List shows, each write one routine event the CLI reads.
@Suite struct RoutineWriteTests {
    static let lifter = "31313131-3131-4131-8131-00000000a031"
    static let other = "31313131-3131-4131-8131-00000000b031"

    static let push = #"{"name":"Push Day","exercises":[{"exerciseId":"Bench Press","targetSets":3,"targetRepsLow":5,"#
        + #""targetRepsHigh":8,"targetRpe":8.5,"restSeconds":180},{"exerciseId":"overhead-press","targetSets":2,"targetRepsLow":8}]}"#

    /// A clock a second later at each reading, from the harness's instant on: a routine's changes
    /// are ordered by when they were recorded (the latest wins), which a fixed clock leaves to the ids.
    final class Ticking: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds: Int64 = 0
        func now() -> Instant {
            lock.withLock {
                seconds += 1
                return Instant(millisecondsSince1970: ServerHarness.now.millisecondsSince1970 + seconds * 1000)
            }
        }
    }

    /// `ServerHarness.withAPI` on a ticking clock.
    static func withAPI(_ backend: StoreBackend, as lifter: String, _ body: @escaping @Sendable (ServerHarness, API) async throws -> Void) async throws {
        try await ServerHarness.with(backend) { shared in
            var harness = shared
            let clock = Ticking()
            harness.configuration.now = { clock.now() }
            let token = try await harness.token(lifter)
            try await harness.run { [harness] client in try await body(harness, API(client: client, token: token)) }
        }
    }

    /// The planned exercises of a routine answer as `[id, targetSets, targetRepsLow, targetRepsHigh, targetRpe, targetRpeExact, restSeconds]`.
    static func planned(_ routine: JSON) -> [[JSON]] {
        (routine["exercises"]?.array ?? []).map { entry in
            ["id", "targetSets", "targetRepsLow", "targetRepsHigh", "targetRpe", "targetRpeExact", "restSeconds"].map { entry[$0] ?? "missing" }
        }
    }

    /// Create → list → edit (rename, the same exercise twice) → delete, with the events each writes.
    @Test(arguments: StoreBackend.available)
    func aRoutineIsMadeEditedAndDeleted(_ backend: StoreBackend) async throws {
        try await Self.withAPI(backend, as: Self.lifter) { harness, api in
            let made = try await api.post("routines", Self.push).success(.created)
            #expect(made["id"] == "push-day.1" && made["name"] == "Push Day" && made["exerciseCount"] == 2)
            // (3 × (45 + 180) + 2 × (45 + 120)) s = 16.75 min.
            #expect(made["estimatedDuration"] == 17)
            #expect(Self.planned(made) == [["bench-press", 3, 5, 8, 9, 8.5, 180], ["overhead-press", 2, 8, 8, nil, nil, nil]])
            #expect(made["exercises"]?[0]?["exercise"]?["name"] == "Bench Press")
            #expect(try await api.get("routines").success(.ok) == [["estimatedDuration": 17, "exerciseCount": 2, "id": "push-day.1", "name": "Push Day"]])
            #expect(try await api.get("routines/push-day.1").success(.ok) == made)
            // Read again, the ids are the same.
            #expect(Self.planned(try await api.get("routines/push-day").success(.ok)).map(\.first) == ["bench-press", "overhead-press"])

            // Renamed, and bench pressed again at the end: the second entry is bench-press.2; the id stays.
            let edited = try await api.patch("routines/push-day.1", #"{"name":"Push A","exercises":[{"exerciseId":"overhead-press","targetSets":2,"#
                + #""targetRepsLow":8,"targetRepsHigh":10},{"exerciseId":"bench-press","targetSets":3,"targetRepsLow":5,"targetRepsHigh":8,"#
                + #""targetRpe":9,"targetRpeExact":8.5,"restSeconds":180},{"exerciseId":"bench press","targetSets":2,"targetRepsLow":12,"targetRpe":7}]}"#)
                .success(.ok)
            #expect(edited["id"] == "push-day.1" && edited["name"] == "Push A" && edited["exerciseCount"] == 3)
            #expect(Self.planned(edited) == [["overhead-press", 2, 8, 10, nil, nil, nil], ["bench-press", 3, 5, 8, 9, 8.5, 180],
                                             ["bench-press.2", 2, 12, 12, 7, 7, nil]])
            // The same again (as read: targetRpe 9 beside 8.5) changes nothing.
            _ = try await api.patch("routines/push-day.1", #"{"name":"Push A"}"#).success(.ok)
            let again = try await api.patch("routines/push-day.1", #"{"exercises":[{"exerciseId":"overhead-press","targetSets":2,"#
                + #""targetRepsLow":8,"targetRepsHigh":10},{"exerciseId":"bench-press","targetSets":3,"targetRepsLow":5,"targetRepsHigh":8,"#
                + #""targetRpe":9,"targetRpeExact":8.5,"restSeconds":180},{"exerciseId":"bench-press","targetSets":2,"targetRepsLow":12,"targetRepsHigh":12,"targetRpe":7}]}"#)
                .success(.ok)
            #expect(again == edited)

            #expect(try await api.delete("routines/push-day.1").status == .noContent)
            try await api.get("routines/push-day.1").failure(.notFound, "NOT_FOUND")
            #expect(try await api.get("routines").success(.ok) == [])

            let routineEvents = try await harness.lines(Self.lifter).filter { $0.contains(#""type":"routine."#) }
            #expect(routineEvents.count == 3, "\(routineEvents)")
            #expect(routineEvents.first?.contains(#""type":"routine.created""#) == true)
            #expect(routineEvents.first?.hasSuffix(#""actor":"api","routine":"push-day","name":"Push Day","days":[{"day":1,"title":"Push Day","#
                + #""exercises":[{"exercise":"bench-press","sets":3,"reps_low":5,"reps_high":8,"rpe":8.5,"rest_s":180},"#
                + #"{"exercise":"overhead-press","sets":2,"reps_low":8,"reps_high":8}]}]}"#) == true, "\(routineEvents)")
            #expect(routineEvents.dropFirst().first?.contains(#""type":"routine.updated""#) == true)
            #expect(routineEvents.dropFirst().first?.contains(#""name":"Push A","days":[{"day":1,"title":"Push A","#) == true)
            #expect(routineEvents.last?.contains(#""type":"routine.retired""#) == true && routineEvents.last?.hasSuffix(#""routine":"push-day"}"#) == true)
        }
    }

    /// A routine of several days (the CLI's): each day is edited and deleted on its own, the other
    /// days keeping their ids; a day's `name` is its title.
    @Test func theDaysOfARoutineOfSeveral() async throws {
        try await Self.withAPI(.journal, as: Self.lifter) { harness, api in
            let routine = #"{"id":"ul","name":"Upper Lower","days":[{"title":"Upper","exercises":[{"exercise":"bench press","sets":3,"reps":5}]},"#
                + #"{"title":"Lower","exercises":[{"exercise":"squat","sets":3,"reps":5}]}]}"#
            #expect(try await api.get("routines").success(.ok) == [])
            _ = try await harness.appendByCLI(Self.lifter, ["append", "routine", "--file", "-"], stdin: routine)
            let names = try await api.get("routines").success(.ok).array?.map { [$0["id"], $0["name"]] }
            #expect(names == [["ul.1", "Upper Lower — Upper"], ["ul.2", "Upper Lower — Lower"]])
            // The name as read, with the title changed: the day's title.
            let renamed = try await api.patch("routines/ul.2", #"{"name":"Upper Lower — Legs"}"#).success(.ok)
            #expect(renamed["name"] == "Upper Lower — Legs")
            #expect(try await api.patch("routines/ul.1", #"{"name":"Chest"}"#).success(.ok)["name"] == "Upper Lower — Chest")
            #expect(try await api.delete("routines/ul.1").status == .noContent)
            #expect(try await api.get("routines").success(.ok).array?.map { $0["id"] } == ["ul.2"])
            try await api.get("routines/ul.1").failure(.notFound, "NOT_FOUND")
            let shown = try await ServerHarness.wlog(["--journal", harness.journal(Self.lifter), "plan", "show", "ul"])
            #expect(shown.stdout.hasPrefix("Upper Lower  (ul)\n\nDay 2  Legs\n"), "\(shown)")
            #expect(try await api.delete("routines/ul.2").status == .noContent)
            #expect(try await api.get("routines").success(.ok) == [])
            let events = try await harness.events(Self.lifter).filter { $0.contains(#""type":"routine."#) }.map { $0.contains("routine.retired") }
            #expect(events == [false, false, false, false, true])
        }
    }

    /// Bad input: 400 in the Treoir envelope naming the field (the entry's index too), 409 for a
    /// name taken, 404 for an unknown id; nothing appended.
    @Test(arguments: StoreBackend.available)
    func badInputNamesTheField(_ backend: StoreBackend) async throws {
        try await Self.withAPI(backend, as: Self.lifter) { harness, api in
            _ = try await api.post("routines", Self.push).success(.created)
            let before = try await harness.recorded(Self.lifter)
            func entry(_ fields: String) -> String {
                #"{"name":"Legs","exercises":[{"exerciseId":"squat","targetSets":3,"targetRepsLow":5},{"exerciseId":"leg press","#
                    + fields + "}]}"
            }
            let cases: [(String, String)] = [
                ("{}", "name"), (#"{"name":"   "}"#, "name"), (#"{"name":"Le\u0000gs"}"#, "name"),
                (entry(#""targetSets":0,"targetRepsLow":5"#), "exercises[1].targetSets"),
                (entry(#""targetSets":3,"targetRepsLow":8,"targetRepsHigh":6"#), "exercises[1].targetRepsHigh"),
                (entry(#""targetSets":3,"targetRepsLow":0"#), "exercises[1].targetRepsLow"),
                (entry(#""targetSets":3,"targetRepsLow":5,"targetRpe":11"#), "exercises[1].targetRpe"),
                (entry(#""targetSets":3,"targetRepsLow":5,"targetRpeExact":7.25"#), "exercises[1].targetRpeExact"),
                (entry(#""targetSets":3,"targetRepsLow":5,"restSeconds":7200"#), "exercises[1].restSeconds"),
                (entry(#""targetSets":"three","targetRepsLow":5"#), "exercises[1].targetSets"),
                (entry(#""targetRepsLow":5"#), "exercises[1].targetSets"),
                (#"{"name":"Legs","exercises":[{"exerciseId":"Flying Unicorn Press","targetSets":3,"targetRepsLow":5}]}"#, "exercises[0].exerciseId"),
            ]
            for (body, field) in cases {
                try await api.post("routines", body).failure(.badRequest, "VALIDATION_ERROR", field: field)
                try await api.patch("routines/push-day.1", body == "{}" ? #"{"name":"  "}"# : body).failure(.badRequest, "VALIDATION_ERROR", field: field)
            }
            try await api.post("routines", #"{"name":"push day"}"#).failure(.conflict, "ROUTINE_EXISTS", field: "name")
            try await api.patch("routines/push-day.1", "{}").failure(.badRequest, "VALIDATION_ERROR", field: "body")
            try await api.patch("routines/push-day.2", #"{"name":"Push B"}"#).failure(.notFound, "NOT_FOUND")
            try await api.delete("routines/pull-day.1").failure(.notFound, "NOT_FOUND")
            #expect(try await harness.recorded(Self.lifter) == before)
        }
    }

    /// The same `Idempotency-Key` with the same body is the same routine (201 again, one event);
    /// with another name or other exercises, 422.
    @Test(arguments: StoreBackend.available)
    func anIdempotencyKeyMakesOneRoutine(_ backend: StoreBackend) async throws {
        try await Self.withAPI(backend, as: Self.lifter) { harness, api in
            var key = HTTPFields()
            key[HTTPField.Name("Idempotency-Key")!] = "routine-1"
            let first = try await api.post("routines", Self.push, headers: key).success(.created)
            #expect(try await api.post("routines", Self.push, headers: key).success(.created) == first)
            try await api.post("routines", Self.push.replacingOccurrences(of: #""targetSets":2"#, with: #""targetSets":4"#), headers: key)
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            try await api.post("routines", Self.push.replacingOccurrences(of: "Push Day", with: "Pull Day"), headers: key)
                .failure(.unprocessableContent, "IDEMPOTENCY_KEY_REUSED", field: "Idempotency-Key")
            #expect(try await harness.lines(Self.lifter).filter { $0.contains(#""type":"routine.created""#) }.count == 1)
        }
    }

    /// Another lifter's routine answers 404 to every routine write, as an unknown one does, and
    /// stays as it was.
    @Test(arguments: StoreBackend.available)
    func anotherLiftersRoutineIsNotFound(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { shared in
            var harness = shared
            let clock = Ticking()
            harness.configuration.now = { clock.now() }
            let mine = try await harness.token(Self.lifter), theirs = try await harness.token(Self.other)
            try await harness.run { [harness] client in
                let a = API(client: client, token: mine), b = API(client: client, token: theirs)
                _ = try await b.post("routines", Self.push).success(.created)
                let before = try await harness.recorded(Self.other)
                try await a.get("routines/push-day.1").failure(.notFound, "NOT_FOUND")
                try await a.patch("routines/push-day.1", #"{"name":"Mine now"}"#).failure(.notFound, "NOT_FOUND")
                try await a.delete("routines/push-day.1").failure(.notFound, "NOT_FOUND")
                try await a.post("routines/push-day.1/start").failure(.notFound, "NOT_FOUND")
                #expect(try await a.get("routines").success(.ok) == [])
                #expect(try await harness.recorded(Self.other) == before)
                // A's own "Push Day" is A's: no conflict with B's.
                #expect(try await a.post("routines", Self.push).success(.created)["id"] == "push-day.1")
            }
        }
    }
}
