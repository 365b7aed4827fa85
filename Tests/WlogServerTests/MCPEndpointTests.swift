import Foundation
import HTTPTypes
import Testing
import WlogStore

/// `/mcp` (issue 21): the MCP tools over streamable HTTP, behind the bearer token, answering as
/// the API does and never reaching another lifter. (scripts/mcp-http-test.py drives the same
/// endpoint with the Python SDK's client.)
@Suite struct MCPEndpointTests {
    static let lifterA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
    static let lifterB = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"

    @Test(arguments: StoreBackend.available)
    func toolsAnswerAsTheAPIAndWritesGoThroughDecide(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifterA) { _, api in
            let hello = try await api.mcp("initialize", #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}"#)
            #expect(hello.status == .ok)
            #expect(hello.json?["result"]?["serverInfo"]?["name"] == "wlog")
            let names = try await api.mcp("tools/list").json?["result"]?["tools"]?.array?.compactMap { $0["name"]?.string }
            #expect(names == ["history", "workout", "personal_records", "e1rm_trend", "e1rm_percentages", "volume", "bodyweight", "balance", "coach", "today",
                              "search_exercises", "log_set", "edit_set", "delete_set", "log_bodyweight", "log_readiness",
                              "record_set_rested", "record_workout_updated", "record_soreness_recorded", "record_pain_reported"])

            let workout = try #require(try await api.post("workouts", #"{"name":"Push day"}"#).success(.created)["id"]?.string)
            let logged = try await api.tool("log_set", #"{"exercise":"bench","weightKg":100,"reps":5,"rpe":8}"#)
            #expect(!logged.isError, "\(logged.text)")
            let set = try #require(JSON.parse(Array(logged.text.utf8))?["data"]?[0])
            #expect(set["weightKg"] == 100 && set["reps"] == 5 && set["rpe"] == 8 && set["orderIndex"] == 0)

            for (name, arguments, path) in [("workout", #"{"id":"\#(workout)"}"#, "workouts/" + workout),
                                            ("history", #"{"pageSize":5}"#, "workouts?pageSize=5"),
                                            ("e1rm_trend", #"{"exercise":"bench press"}"#, "exercises/bench%20press/e1rm"),
                                            ("e1rm_percentages", #"{"exercise":"bench"}"#, "exercises/bench/e1rm/percentages")] {
                let answer = try await api.tool(name, arguments)
                let expected = try await api.get(path).body
                #expect(!answer.isError && answer.text == expected, "\(name): \(answer.text)")
            }

            let feed = try await api.get("events").body
            #expect(feed.contains("set.logged"))
            let refused = try await api.tool("log_set", #"{"exercise":"bench","weightKg":100,"reps":5,"rpe":11}"#)
            #expect(refused.isError && refused.text.contains(#""field":"rpe""#), "\(refused.text)")
            let mistyped = try await api.tool("log_set", #"{"exercise":"bench","reps":"five"}"#)
            #expect(mistyped.isError && mistyped.text.hasPrefix("`reps` must be an integer"), "\(mistyped.text)")
            let after = try await api.get("events").body
            #expect(after == feed, "nothing appended by the refusals")
        }
    }

    @Test(arguments: StoreBackend.available)
    func anotherLiftersIDsAnswerAsUnknownOnes(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let tokenA = try await harness.token(Self.lifterA), tokenB = try await harness.token(Self.lifterB)
            try await harness.run { client in
                let a = API(client: client, token: tokenA), b = API(client: client, token: tokenB)
                let workout = try #require(try await a.post("workouts", #"{"name":"A day"}"#).success(.created)["id"]?.string)
                let set = try #require(JSON.parse(Array(try await a.tool("log_set", #"{"exercise":"squat","weightKg":140,"reps":5}"#).text.utf8))?["data"]?[0]?["id"]?.string)
                let before = try await a.get("events").body
                let unknown = "00000000-0000-4000-8000-000000000000"

                for (name, arguments) in [("workout", #"{"id":"ID"}"#), ("edit_set", #"{"id":"ID","reps":1}"#), ("delete_set", #"{"id":"ID"}"#)] {
                    let theirs = try await b.tool(name, arguments.replacingOccurrences(of: "ID", with: name == "workout" ? workout : set))
                    let nobody = try await b.tool(name, arguments.replacingOccurrences(of: "ID", with: unknown))
                    #expect(theirs.isError && theirs.text.contains(#""code":"NOT_FOUND""#), "\(name): \(theirs.text)")
                    #expect(theirs.text.replacingOccurrences(of: workout, with: unknown).replacingOccurrences(of: set, with: unknown) == nobody.text)
                }
                let history = try await b.tool("history", "{}")
                #expect(JSON.parse(Array(history.text.utf8))?["meta"]?["total"] == 0)
                let after = try await a.get("events").body
                #expect(after == before, "A's stream unchanged by B's calls")

                let anonymous = try await API(client: client, token: nil).mcp("tools/list")
                #expect(anonymous.status == .unauthorized && anonymous.code == "UNAUTHORIZED")
                let stream = try await a.call(.get, "/mcp", headers: [.accept: "text/event-stream"])
                #expect(stream.status == .methodNotAllowed && stream.headers[.allow] == "POST")
            }
        }
    }
}

extension API {
    /// One JSON-RPC request to `/mcp`, as a streamable-HTTP client sends it.
    func mcp(_ method: String, _ params: String = "{}") async throws -> Reply {
        var headers: HTTPFields = [.accept: "application/json, text/event-stream"]
        headers[HTTPField.Name("MCP-Protocol-Version")!] = "2025-06-18"
        return try await call(.post, "/mcp", #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#, headers: headers)
    }

    /// A tool call's text and whether it is an error.
    func tool(_ name: String, _ arguments: String) async throws -> (text: String, isError: Bool) {
        let result = try await mcp("tools/call", #"{"name":"\#(name)","arguments":\#(arguments)}"#).json?["result"]
        return (result?["content"]?[0]?["text"]?.string ?? "", result?["isError"] == true)
    }
}
