import Foundation
import HTTPTypes
import Testing
import WlogStore

/// A number out of range, however it is written (`1e400`, `-1E999`, 400 digits, an integer past
/// Int64), is refused naming its field on every face — the Treoir API, `/rest/v1`, `/mcp`,
/// `POST /events` — and appends nothing (issue 37).
@Suite struct NumberRangeFaceTests {
    static let lifter = "39393939-3939-4939-8939-393939393939"
    static let literals = ["1e400", "-1E999", String(repeating: "9", count: 400), "99999999999999999999"]

    @Test(arguments: StoreBackend.available)
    func everyFaceNamesTheField(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { _, api in
            let workout = try #require(try await api.post("workouts", #"{"name":"Push"}"#).success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            let sets = "workouts/\(workout)/exercises/bench-press/sets"
            _ = try await api.post(sets, #"{"reps":5,"weightKg":100}"#).success(.created)
            let exercise = try #require(try await api.get("/rest/v1/exercises?select=id&name=eq.Bench%20Press").json?[0]?["id"]?.string)
            let lines = try await api.get("events").success(.ok)["events"]?.array?.compactMap(\.string) ?? []
            let line = try #require(lines.first { $0.contains(#""type":"set.logged""#) })
            let before = try await api.get("events").body

            for literal in Self.literals {
                for field in ["weightKg", "reps"] {
                    let treoir = try await api.post(sets, field == "reps" ? #"{"reps":\#(literal),"weightKg":100}"# : #"{"reps":5,"weightKg":\#(literal)}"#)
                    treoir.failure(.badRequest, "VALIDATION_ERROR", field: field)
                    let tool = try await api.mcp("tools/call", #"{"name":"log_set","arguments":{"exercise":"bench",\#(field == "reps" ? #""weightKg":100"# : #""reps":5"#),"\#(field)":\#(literal)}}"#)
                    // A tool's refusal (the API's envelope), its argument check (`reps` must be …) or, for a literal no double holds, JSON-RPC's -32602.
                    let text = tool.json?["result"]?["content"]?[0]?["text"]?.string ?? tool.json?["error"]?["message"]?.string ?? ""
                    #expect(text.contains("\"field\":\"\(field)\"") || text.hasPrefix(field + ": ") || text.hasPrefix("`\(field)` must be"), "mcp \(field) \(literal): \(tool.body.prefix(300))")
                }
                for column in ["weight", "reps"] {
                    let rest = try await api.call(.post, "/rest/v1/sets",
                                                  #"{"exercise_id":"\#(exercise)","date":"2026-01-14T10:00:00Z","weight":100,"reps":5,"\#(column)":\#(literal)}"#)
                    #expect(rest.status == .badRequest && rest.json?["details"]?.string == "column \(column)", "rest \(column) \(literal): \(rest.body.prefix(300))")
                }
                let changed = line.replacingOccurrences(of: #""reps":5"#, with: #""reps":\#(literal)"#)
                    .replacingOccurrences(of: #"("id":")[0-9a-f]{32}"#, with: "$15e390000000000000000000000000001", options: .regularExpression)
                let events = try await api.post("events", String(decoding: try JSONEncoder().encode(["events": [changed]]), as: UTF8.self))
                events.failure(.badRequest, "VALIDATION_ERROR", field: "events[0]")
                #expect(events.json?["error"]?["message"]?.string?.contains("reps") == true, "events \(literal): \(events.body.prefix(300))")
            }
            #expect(try await api.get("events").body == before, "nothing appended")
        }
    }
}
