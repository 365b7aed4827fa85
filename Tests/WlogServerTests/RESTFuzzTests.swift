import Foundation
import HTTPTypes
import Testing
import WlogCore
import WlogGenerator
@testable import WlogServer

/// Fuzzing the PostgREST query parser: deep nesting, huge `in` lists, unknown columns, bad
/// operators and hostile strings get a 400 (404 for an unknown table) with a PostgREST code, never
/// a crash, never a 5xx. Seeded: every run tries the same queries.
@Suite struct RESTFuzzTests {
    /// The codes a bad query may get.
    static let codes: Set<String> = ["PGRST100", "0A000", "42703", "22P02", "PGRST200", "PGRST205"]

    /// The tests' seedable generator (WlogGenerator's): the same queries on every machine.
    typealias Seeded = Xoshiro

    static let pieces = ["weight", "reps", "date", "id", "notes", "exercise_id", "tempo", "exercises", "eq", "neq", "gt", "in", "is",
                         "like", "ilike", "fts", "cs", "not", "and", "or", "null", "true", "(", ")", ",", ".", "\"", "\\", "*", ":",
                         "::", "->", "!", "...", "%", "'", ";", "--", "\u{0}", "é", "🏋️", "1e309", "-0", "NaN", "2026-01-15T09:30:00Z",
                         "983d9b98-049a-8b14-9c00-43dddd221060", "(1,2)", "asc", "desc", "nullsfirst", " ", "%00", "%ZZ"]

    static func fragment(_ g: inout Seeded) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...12, using: &g) { text += pieces.randomElement(using: &g) ?? "" }
        return text
    }

    static func items(_ g: inout Seeded, maxList: Int = 20_000) -> [(key: String, value: String)] {
        var items: [(key: String, value: String)] = []
        for _ in 0..<Int.random(in: 1...3, using: &g) { items.append(item(&g, maxList: maxList)) }
        return items
    }

    /// One hostile query: a key and value from the pieces, or a structured attack.
    static func item(_ g: inout Seeded, maxList: Int) -> (key: String, value: String) {
        switch Int.random(in: 0..<8, using: &g) {
        case 0:
            let depth = Int.random(in: 1...200, using: &g)
            return ("or", "(" + String(repeating: "and(", count: depth) + "weight.eq.1" + String(repeating: ")", count: depth) + ")")
        case 1:
            let count = Int.random(in: 0...maxList, using: &g)
            var list: [String] = []
            for _ in 0..<count { list.append("\"" + fragment(&g) + "\"") }
            return ("id", "in.(" + list.joined(separator: ",") + ")")
        case 2: return (["select", "order", "limit", "offset", "on_conflict", "columns"].randomElement(using: &g) ?? "select", fragment(&g))
        case 3: return (["weight", "reps", "date", "id", "notes"].randomElement(using: &g) ?? "id",
                        (["eq", "gt", "in", "is", "like", "not.eq", "xx", "fts"].randomElement(using: &g) ?? "eq") + "." + fragment(&g))
        case 4: return (["and", "or", "not.or"].randomElement(using: &g) ?? "or", "(" + fragment(&g) + ")")
        default: return (fragment(&g), fragment(&g))
        }
    }

    @Test func parserAnswersEveryQueryWithACodeOrAQuery() throws {
        var g = Seeded(seed: 38)
        let schema = PlatesSchema.schema
        var refused = 0
        for round in 0..<3_000 {
            let table = try #require(schema.tables.randomElement(using: &g))
            let items = Self.items(&g)
            do {
                _ = try RESTQuery(items, table: table, schema: schema)
            } catch {
                refused += 1
                #expect(error.status == .badRequest && Self.codes.contains(error.code), "round \(round) \(items): \(error)")
            }
        }
        #expect(refused > 2_000, "most hostile queries are refused (\(refused) of 3000)")
    }

    @Test(arguments: StoreBackend.available)
    func liveServerAnswersHostileRequestsWith4xx(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: "11111111-1111-4111-8111-111111111111") { _, api in
            try await Self.hostileRequests(api)
        }
    }

    /// 300 hostile requests as one lifter, who owns one body-weight row that must survive them all.
    static func hostileRequests(_ api: API) async throws {
        _ = try await api.call(.post, "/rest/v1/body_weight_logs", #"{"weight":180.5,"date":"2026-01-10T08:00:00Z"}"#)
        var requests: [(HTTPRequest.Method, String)] = []
        var g = Seeded(seed: 380)
        for _ in 0..<300 {
            let table = ["sets", "exercises", "body_weight_logs", "user_profiles", "user_exercises", fragment(&g)].randomElement(using: &g) ?? "sets"
            // The HTTP layer refuses a request line past its limit before any route sees it: lists stay under it here.
            let query = items(&g, maxList: 300).map { escaped($0.key) + "=" + escaped($0.value) }.joined(separator: "&")
            let method: HTTPRequest.Method = [.get, .get, .head, .patch, .delete].randomElement(using: &g) ?? .get
            requests.append((method, "/rest/v1/" + escaped(table) + "?" + query))
        }
        var statuses: [Int: Int] = [:]
        for (method, path) in requests {
            let reply = try await api.call(method, path, method == .patch ? #"{"notes":"x"}"# : nil)
            let status = Int(reply.status.code)
            statuses[status, default: 0] += 1
            let shown = "\(method) \(path.prefix(300)): \(status) \(reply.body.prefix(300))"
            #expect(status < 500, "\(shown)")
            let keys = Set(reply.json?.object?.keys.map { $0 } ?? [])
            #expect(status < 400 || method == .head || keys == ["code", "message", "details", "hint"], "\(shown)")
        }
        let refused = statuses[400] ?? 0
        #expect(refused > 150, "\(statuses)")
        // The lifter's one row is still there, unchanged by every write the fuzz tried.
        let rows = try await api.get("/rest/v1/body_weight_logs?select=weight")
        #expect(rows.json == [["weight": 180.5]], "\(rows.body)")
    }

    /// Percent-escapes everything but unreserved characters (the hostile bytes reach the server as sent).
    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn:
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~")) ?? ""
    }
}
