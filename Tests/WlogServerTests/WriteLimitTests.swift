import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WlogCore
import WlogStore
@testable import WlogServer

/// `WriteLimits` (issue 37): a note, a name, a body and a lifter's growth a minute are bounded on
/// every way in — the Treoir API, `/rest/v1`, `/mcp`, `POST /events` — each refusal in its face's
/// shape naming the field, the size and the limit, and the journal unchanged by it. Small limits
/// here (the defaults are docs/SERVER.md's); the clock is fixed, so the growth bucket never refills.
@Suite struct WriteLimitTests {
    static let lifter = "37373737-3737-4737-8737-373737373737"

    static var limits: WriteLimits {
        var limits = WriteLimits()
        limits.noteBytes = 100
        limits.nameCharacters = 40
        limits.bodyBytes = 4_096
        limits.growthBytesPerMinute = 0
        return limits
    }

    /// `body` with a harness of `limits` over `backend` and the lifter's API.
    static func withAPI(_ backend: StoreBackend, limits: WriteLimits = Self.limits,
                        _ body: @escaping @Sendable (ServerHarness, API) async throws -> Void) async throws {
        try await ServerHarness.with(backend) { base in
            var configured = base
            configured.configuration.limits = limits
            let harness = configured
            let token = try await harness.token(Self.lifter)
            // Each request on a connection of its own: a 413 closes its connection (ConnectionGuard).
            try await harness.run { client in try await body(harness, try API(eachOnItsOwnConnection: client, token: token)) }
        }
    }

    /// The bound that spares a line its parse: the longest string as written, escapes and keys
    /// counted, an unclosed one to the end.
    @Test func theLongestStringOfALineCountsItsEscapes() {
        #expect(WriteLimits.longestString(in: Array(#"{"a":"xy","b":"c\"d"}"#.utf8)) == 4)
        #expect(WriteLimits.longestString(in: Array(#"{"note":"\u00e9\n"}"#.utf8)) == 8)
        #expect(WriteLimits.longestString(in: Array(#"{"":""}"#.utf8)) == 0)
        #expect(WriteLimits.longestString(in: Array(#"{"a":"xyz"#.utf8)) == 3)
    }

    @Test(arguments: StoreBackend.available)
    func aLongNoteOrNameIsRefused413NamingItOnEveryFace(_ backend: StoreBackend) async throws {
        try await Self.withAPI(backend) { _, api in
            let workout = try #require(try await api.post("workouts", #"{"name":"Push"}"#).success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            let note = String(repeating: "n", count: 101), fits = String(repeating: "n", count: 100)
            let sets = "workouts/\(workout)/exercises/bench-press/sets"
            _ = try await api.post(sets, #"{"reps":5,"weightKg":100,"notes":"\#(fits)"}"#).success(.created)
            let before = try await api.get("events").body

            // The Treoir API: the envelope, the field, the size and the limit.
            let treoir = try await api.post(sets, #"{"reps":5,"weightKg":100,"notes":"\#(note)"}"#)
            treoir.failure(.contentTooLarge, "PAYLOAD_TOO_LARGE", field: "notes")
            #expect(treoir.json?["error"]?["message"]?.string
                    == "notes: is 101 bytes, more than the 100 bytes a note may have on this server (wlog serve --max-note-bytes)")
            let name = try await api.post("workouts", #"{"name":"\#(String(repeating: "w", count: 41))"}"#)
            name.failure(.contentTooLarge, "PAYLOAD_TOO_LARGE", field: "name")
            #expect(name.json?["error"]?["message"]?.string?.contains("is 41 characters, more than the 40 characters a name") == true)

            // /rest/v1: PostgREST's shape.
            let exercise = try #require(try await api.get("/rest/v1/exercises?select=id&name=eq.Bench%20Press").json?[0]?["id"]?.string)
            let rest = try await api.call(.post, "/rest/v1/sets",
                                          #"{"exercise_id":"\#(exercise)","date":"2026-01-14T10:00:00Z","weight":100,"reps":5,"notes":"\#(note)"}"#)
            #expect(rest.status == .contentTooLarge, "\(rest.body)")
            #expect(Set(rest.json?.object?.keys.map { $0 } ?? []) == ["code", "message", "details", "hint"], "\(rest.body)")
            #expect(rest.json?["code"] == "PAYLOAD_TOO_LARGE" && rest.json?["details"] == "field notes", "\(rest.body)")
            #expect(rest.json?["message"]?.string?.hasPrefix("notes: is 101 bytes") == true, "\(rest.body)")

            // /mcp: the tool's error is the API's envelope.
            let tool = try await api.tool("log_set", #"{"exercise":"bench","weightKg":100,"reps":5,"notes":"\#(note)"}"#)
            #expect(tool.isError && tool.text.contains(#""code":"PAYLOAD_TOO_LARGE""#) && tool.text.contains(#""field":"notes""#), "\(tool.text)")

            // POST /events: a device's line with the long note (the logged set's line under a new id).
            let device = try await Self.deviceLine(api, replacing: fits, with: note)
            let events = try await api.post("events", device)
            events.failure(.contentTooLarge, "PAYLOAD_TOO_LARGE", field: "notes")
            #expect(try await api.get("events").body == before, "nothing appended by the refusals")
        }
    }

    @Test(arguments: StoreBackend.available)
    func aLargeBodyIsRefused413OnEveryFace(_ backend: StoreBackend) async throws {
        try await Self.withAPI(backend) { _, api in
            let padding = String(repeating: "p", count: 5_000)
            let treoir = try await api.post("workouts", #"{"name":"Push","notes":"\#(padding)"}"#)
            treoir.failure(.contentTooLarge, "PAYLOAD_TOO_LARGE", field: "body")
            #expect(treoir.json?["error"]?["message"]?.string
                    == "body: is 5026 bytes, more than the 4096 bytes a request body may have on this server (wlog serve --max-body-bytes)")
            let rest = try await api.call(.post, "/rest/v1/sets", #"{"notes":"\#(padding)"}"#)
            #expect(rest.status == .contentTooLarge && rest.json?["code"] == "PAYLOAD_TOO_LARGE" && rest.json?["details"] == "field body",
                    "\(rest.body)")
            #expect(rest.json?["message"]?.string?.hasPrefix("body: is 5012 bytes, more than the 4096 bytes") == true, "\(rest.body)")
            let mcp = try await api.mcp("tools/call", #"{"name":"log_set","arguments":{"exercise":"bench","notes":"\#(padding)"}}"#)
            mcp.failure(.contentTooLarge, "PAYLOAD_TOO_LARGE", field: "body")
            try await api.post("events", #"{"events":["\#(padding)"]}"#).failure(.contentTooLarge, "PAYLOAD_TOO_LARGE", field: "body")
            #expect(try await api.get("events").success(.ok)["events"] == [], "nothing appended")
        }
    }

    @Test(arguments: StoreBackend.available)
    func aLiftersGrowthPastAMinutesWorthIsRefused429WithRetryAfter(_ backend: StoreBackend) async throws {
        var limits = Self.limits
        limits.growthBytesPerMinute = 2_000
        try await Self.withAPI(backend, limits: limits) { _, api in
            let workout = try #require(try await api.post("workouts", #"{"name":"Push"}"#).success(.created)["id"]?.string)
            _ = try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).success(.created)
            let sets = "workouts/\(workout)/exercises/bench-press/sets"
            let body = #"{"reps":5,"weightKg":100,"notes":"\#(String(repeating: "n", count: 100))"}"#
            var accepted = 0
            var refused: Reply?
            while refused == nil, accepted < 20 {
                let reply = try await api.post(sets, body)
                if reply.status == .created { accepted += 1 } else { refused = reply }
            }
            let treoir = try #require(refused)
            treoir.failure(.tooManyRequests, "GROWTH_LIMITED", field: "events")
            #expect((3...6).contains(accepted), "\(accepted) sets of about 350 bytes fit 2,000 bytes with the workout's events")
            // The bucket drained with the smallest commits (a body weight, about 150 bytes): no set fits what is left.
            var drained = 0
            while try await api.post("bodyweight", #"{"weightKg":80}"#).status != .tooManyRequests, drained < 20 { drained += 1 }
            let wait = try #require(treoir.headers[.retryAfter].flatMap(Int.init))
            #expect((1...60).contains(wait), "Retry-After \(wait)")
            #expect(treoir.json?["error"]?["message"]?.string?.contains("past the 2000 bytes a minute allowed") == true, "\(treoir.body)")
            let before = try await api.get("events").body

            let exercise = try #require(try await api.get("/rest/v1/exercises?select=id&name=eq.Bench%20Press").json?[0]?["id"]?.string)
            let rest = try await api.call(.post, "/rest/v1/sets", #"{"exercise_id":"\#(exercise)","date":"2026-01-14T10:00:00Z","weight":100,"reps":5}"#)
            #expect(rest.status == .tooManyRequests && rest.json?["code"] == "GROWTH_LIMITED" && rest.headers[.retryAfter] != nil, "\(rest.body)")
            let tool = try await api.tool("log_set", #"{"exercise":"bench","weightKg":100,"reps":5}"#)
            #expect(tool.isError && tool.text.contains(#""code":"GROWTH_LIMITED""#), "\(tool.text)")
            try await api.post("events", try await Self.deviceLine(api, replacing: "\"reps\":5", with: "\"reps\":6"))
                .failure(.tooManyRequests, "GROWTH_LIMITED", field: "events")
            // Reads are not limited; nothing was appended.
            #expect(try await api.get("events").body == before)
        }
    }

    /// A `POST /events` body of one line: the stream's first logged set under a new id, `old` replaced by `new`.
    static func deviceLine(_ api: API, replacing old: String, with new: String) async throws -> String {
        let lines = try await api.get("events").success(.ok)["events"]?.array?.compactMap(\.string) ?? []
        let line = try #require(lines.first { $0.contains(#""type":"set.logged""#) })
        let id = try #require(line.range(of: #""id":"[0-9a-f]{32}""#, options: .regularExpression))
        let changed = line.replacingCharacters(in: id, with: #""id":"5e370000000000000000000000000001""#).replacingOccurrences(of: old, with: new)
        #expect(changed != line)
        return String(decoding: try JSONEncoder().encode(["events": [changed]]), as: UTF8.self)
    }
}

extension API {
    /// A client that opens a connection to `client`'s server for each request.
    init(eachOnItsOwnConnection client: any TestClientProtocol, token: String?) throws {
        let port = try #require(client.port)
        send = { uri, method, headers, body in
            try await TestClient.withClient(host: "127.0.0.1", port: port) { connection in
                let response = try await connection.execute(.init(uri, method: method, authority: "localhost", headers: headers, body: body))
                return (response.head, response.body ?? ByteBuffer())
            }
        }
        self.token = token
    }
}

/// The growth limit when a store runs `decide` again for one write (the PostgreSQL store, when
/// another server appended first): the commit is charged once.
@Suite struct RetriedGrowthTests {
    /// A store that runs `decide` twice for each write, keeping the second run's events.
    struct DecidingTwice: LifterStore {
        let base: JournalStore

        func write<Result: Sendable>(
            _ lifter: LifterID, at now: Instant, actor: String, fixedIDs: [EventID],
            decide: @escaping @Sendable (LifterView, DecideContext) throws -> [Event],
            render: @escaping @Sendable (LifterView, [Event]) throws -> Result
        ) async throws -> Result {
            try await base.write(lifter, at: now, actor: actor, fixedIDs: fixedIDs, decide: { view, context in
                _ = try decide(view, context)
                return try decide(view, context)
            }, render: render)
        }

        func read<Result: Sendable>(_ lifter: LifterID, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
            try await base.read(lifter, body)
        }

        func heldEvents(_ lifter: LifterID, ids: Set<EventID>) async throws -> [EventID: Event] {
            try await base.heldEvents(lifter, ids: ids)
        }

        func events(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> EventFeedPage {
            try await base.events(lifter, after: after, limit: limit)
        }

        func changes(_ lifter: LifterID) -> ChangeWatch { base.changes(lifter) }
    }

    /// How many one-set commits a lifter's minute of 3,000 bytes takes (the clock stands still).
    static func accepted(_ store: some LifterStore) async throws -> Int {
        var limits = WriteLimits()
        limits.growthBytesPerMinute = 3_000
        let limited = LimitedStore(store, limits: limits, clock: { 0 })
        var accepted = 0
        while accepted < 100 {
            do {
                try await limited.write(StoreTests.lifter(1), at: StoreTests.now, actor: "api", fixedIDs: []) { view, context in
                    try decide(.logSets(LogSets(exercise: "bench-press", reps: 5, weight: .kg(100))), state: view.state, context: context)
                } render: { _, _ in () }
                accepted += 1
            } catch let error as APIError where error.code == "GROWTH_LIMITED" {
                return accepted
            }
        }
        return accepted
    }

    @Test func aDecideRunTwiceChargesItsCommitOnce() async throws {
        let once = try StoreTests.Fixture(), twice = try StoreTests.Fixture()
        defer { once.remove(); twice.remove() }
        let plain = try await Self.accepted(once.store)
        #expect((4...20).contains(plain), "\(plain) one-set commits in 3,000 bytes")
        #expect(try await Self.accepted(DecidingTwice(base: twice.store)) == plain)
    }
}
