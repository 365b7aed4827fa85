import Foundation
import HummingbirdTesting
import Testing

/// `POST /events`: a device's events (a CLI journal's lines) appended as one commit, idempotent
/// by id, refused as a whole naming `events[i]` — on both stores.
@Suite struct EventBatchTests {
    static let lifter = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee"

    /// A phone's journal, written offline by the CLI: its lines as `wlog events` prints them.
    static func deviceLines(_ harness: ServerHarness) async throws -> [String] {
        let journal = harness.data + "/phone.wlog"
        for arguments in [["init", "--unit", "kg", "--tz", "UTC"], ["append", "set", "bench press", "100x5", "--at", "2026-01-14T18:00:00Z"],
                          ["append", "set", "bench press", "102.5x3", "--at", "2026-01-14T18:05:00Z"], ["append", "bodyweight", "82.4"]] {
            let result = try await ServerHarness.wlog(["--journal", journal] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        return try await ServerHarness.wlog(["--journal", journal, "events"]).stdout.split(separator: "\n").map(String.init)
    }

    static func batch(_ lines: [String]) async throws -> String {
        String(decoding: try JSONEncoder().encode(["events": lines]), as: UTF8.self)
    }

    @Test(arguments: StoreBackend.available)
    func aDevicesEventsLandOnceAndReadBackByteForByte(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.lifter)
            let lines = try await Self.deviceLines(harness)
            #expect(lines.count == 4)
            try await harness.run { client in
                let api = API(client: client, token: token)
                #expect(try await api.post("events", try Self.batch(lines)).success(.ok) == ["appended": 4, "duplicates": 0, "last": "4"])
                // Sent again (a retry after a lost answer): nothing appended.
                #expect(try await api.post("events", try Self.batch(lines)).success(.ok) == ["appended": 0, "duplicates": 4, "last": "4"])
                // The feed gives the device's lines back as they were (the stream was empty, so even `seq` agrees).
                let feed = try await api.get("events").success(.ok)
                #expect(feed["events"] == .array(lines.map { .string($0) }))
                // The API's own view of them: the day's workout with both sets.
                let day = try await api.get("workouts/2026-01-14").success(.ok)
                #expect(day["exercises"]?[0]?["sets"]?.array?.map { $0["weightKg"] } == [100, 102.5])
            }
            #expect(try await harness.lines(Self.lifter) == lines)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBadEventOrACollisionRefusesTheWholeBatchNamingIt(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.lifter)
            let lines = try await Self.deviceLines(harness)
            try await harness.run { client in
                let api = API(client: client, token: token)
                _ = try await api.post("events", try Self.batch(Array(lines.prefix(1)))).success(.ok)
                let before = try #require(try await harness.recorded(Self.lifter))
                try await api.post("events", try Self.batch([lines[1], "{\"id\":\"not an event\"}"]))
                    .failure(.badRequest, "VALIDATION_ERROR", field: "events[1]")
                // A set of an exercise the stream does not know: the rule of `append set`.
                let unknown = lines[1].replacingOccurrences(of: "\"bench-press\"", with: "\"no-such-lift\"")
                #expect(unknown != lines[1])
                try await api.post("events", try Self.batch([lines[3], unknown])).failure(.badRequest, "VALIDATION_ERROR", field: "events[1]")
                try await api.post("events", try Self.batch([])).failure(.badRequest, "VALIDATION_ERROR", field: "events")
                try await api.post("events", #"{"events":"not a list"}"#).failure(.badRequest, "VALIDATION_ERROR", field: "events")
                #expect(try await harness.recorded(Self.lifter) == before)
                // The id of a set the stream holds, with another weight: a collision, not a duplicate (docs/SYNC.md).
                _ = try await api.post("events", try Self.batch([lines[1]])).success(.ok)
                let before2 = try #require(try await harness.recorded(Self.lifter))
                let changed = lines[1].replacingOccurrences(of: "\"weight\":\"100\"", with: "\"weight\":\"105\"")
                #expect(changed != lines[1])
                let collision = try await api.post("events", try Self.batch([lines[3], changed]))
                collision.failure(.badRequest, "VALIDATION_ERROR", field: "events[1]")
                #expect(collision.body.contains("which has other content"), "\(collision.body)")
                // Two events of one batch under one id, different: refused the same way.
                let twice = lines[3].replacingOccurrences(of: "\"weight\":\"82.4\"", with: "\"weight\":\"82.5\"")
                try await api.post("events", try Self.batch([lines[3], twice])).failure(.badRequest, "VALIDATION_ERROR", field: "events[1]")
                #expect(try await harness.recorded(Self.lifter) == before2)
            }
        }
    }
    /// Facts recorded as stated keep their own rule on the way in from outside (issue 35): soreness
    /// for Cardio and a rest of five hours are refused as the CLI refuses them, naming the field,
    /// and the stream is unchanged.
    @Test(arguments: StoreBackend.available)
    func anOutsideFactBreakingItsRuleIsRefusedNamingTheField(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.lifter)
            let lines = try await Self.deviceLines(harness)
            let set = try #require(lines[1].range(of: #""id":""#).map { String(lines[1][$0.upperBound...].prefix(32)) })
            let soreness = #"{"id":"e0000000000000000000000000000003","type":"soreness.recorded","v":1,"at":"2026-01-14T19:00:00.000Z","tz":0,"actor":"user","group":"Cardio","soreness":3}"#
            let rest = #"{"id":"e0000000000000000000000000000004","type":"set.rested","v":1,"at":"2026-01-14T18:01:00.000Z","tz":0,"actor":"user","set":"\#(set)","duration_ms":18000000}"#
            try await harness.run { client in
                let api = API(client: client, token: token)
                _ = try await api.post("events", try Self.batch(Array(lines.prefix(2)))).success(.ok)
                let before = try #require(try await harness.recorded(Self.lifter))
                let sore = try await api.post("events", try Self.batch([soreness]))
                sore.failure(.badRequest, "VALIDATION_ERROR", field: "events[0]")
                #expect(sore.body.contains("Cardio"), "\(sore.body)")
                let rested = try await api.post("events", try Self.batch([rest]))
                rested.failure(.badRequest, "VALIDATION_ERROR", field: "events[0]")
                #expect(rested.body.contains("0:01 to 60:00"), "\(rested.body)")
                #expect(try await harness.recorded(Self.lifter) == before)
            }
        }
    }
}
