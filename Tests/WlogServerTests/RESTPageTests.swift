import HTTPTypes
import Testing
import WlogStore
@testable import WlogServer

/// Plates' exercise page (`sets?exercise_id=eq.X&order=date.desc&limit=N`) as the fast read
/// path answers it: the exercise's sets walked in date order, only the page's rows made
/// (`RESTTable.walk`), the answer kept while the stream stays. Each page is checked against the
/// exact ids it must hold and against the engine's full path (every row made and sorted, which
/// `Prefer: count=exact` takes), on both stores.
@Suite struct RESTPageTests {
    static let lifter = "38383838-3838-4838-8838-383838383838"

    /// The sets posted, in this order: exercise (B bench, S squat), date, weight (lb), reps.
    /// Three bench sets share one instant (2, 4, 5), one is posted out of date order (3), one is
    /// dated with an offset (8: 07:00Z, before 9).
    static let posted: [(String, String, Double, Int)] = [
        ("B", "2026-01-10T10:00:00Z", 135, 5), ("S", "2026-01-10T10:05:00Z", 225, 5), ("B", "2026-01-12T10:00:00Z", 140, 5),
        ("B", "2026-01-11T10:00:00Z", 137.5, 3), ("B", "2026-01-12T10:00:00Z", 145, 1), ("B", "2026-01-12T10:00:00Z", 150, 2),
        ("B", "2026-01-09T10:00:00Z", 130, 8), ("S", "2026-01-12T10:00:00Z", 230, 3), ("B", "2026-01-13T09:00:00+02:00", 155, 1),
        ("B", "2026-01-13T08:00:00Z", 152.5, 2),
    ]

    @Test(arguments: StoreBackend.available)
    func theExercisePageWalkedInDateOrderIsTheEnginesPage(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { _, api in
            let bench = try await Self.exerciseID(api, "Bench Press"), squat = try await Self.exerciseID(api, "Squat")
            var ids: [String] = []
            for (exercise, date, weight, reps) in Self.posted {
                let body = #"{"exercise_id":"\#(exercise == "B" ? bench : squat)","date":"\#(date)","weight":\#(weight),"reps":\#(reps)}"#
                let reply = try await api.call(.post, "/rest/v1/sets", body, headers: [.prefer: "return=representation"])
                #expect(reply.status == .created, "\(reply.body)")
                ids.append(try #require(reply.json?[0]?["id"]?.string))
            }
            #expect(try await api.delete("/rest/v1/sets?id=eq.\(ids[3])").status == .noContent)

            // The engine's stable order: the date, then the table's (history) order, which puts the
            // three sets of one instant by their logged-at (the harness's one clock), then by id.
            let tied = [2, 4, 5].sorted { ids[$0] < ids[$1] }
            let page = "/rest/v1/sets?select=id&exercise_id=eq.\(bench)"
            let expected: [(String, [Int])] = [
                ("&order=date.desc", [9, 8] + tied + [0, 6]), ("&order=date.asc", [6, 0] + tied + [8, 9]), ("", [6, 0] + tied + [8, 9]),
                ("&order=date.desc&limit=3", [9, 8, tied[0]]), ("&order=date.desc&limit=3&offset=2", tied),
                ("&order=date.desc.nullslast&limit=2&offset=3", [tied[1], tied[2]]),
                ("&order=date.asc&reps=gt.2", [6, 0, 2]), ("&order=date.desc&or=(weight.gt.150,reps.eq.5)&limit=3", [9, 8, 2]),
                ("&order=date.desc&limit=0", []), ("&order=date.desc&offset=7", []), ("&order=date.desc&offset=100", []),
            ]
            for (query, indices) in expected {
                let walked = try await api.get(page + query)
                #expect(walked.status == .ok, "\(query): \(walked.body)")
                #expect(walked.json == .array(indices.map { (i) -> JSON in ["id": .string(ids[i])] }), "\(query): \(walked.body)")
                if !query.contains("offset=100") && !query.contains("offset=7") {
                    let counted = try await api.call(.get, page + query, headers: [.prefer: "count=exact"])
                    #expect(counted.body == walked.body, "\(query): the engine's full path differs")
                }
            }

            // The kept answer follows the stream: a newer set, then an older one moved to the front.
            let newest = "/rest/v1/sets?select=id&exercise_id=eq.\(bench)&order=date.desc&limit=2"
            #expect(try await api.get(newest).json == [["id": .string(ids[9])], ["id": .string(ids[8])]])
            let added = try await api.call(.post, "/rest/v1/sets", #"{"exercise_id":"\#(bench)","date":"2026-01-14T10:00:00Z","weight":160,"reps":1}"#,
                                           headers: [.prefer: "return=representation"])
            let addedID = try #require(added.json?[0]?["id"]?.string)
            #expect(try await api.get(newest).json == [["id": .string(addedID)], ["id": .string(ids[9])]])
            #expect(try await api.patch("/rest/v1/sets?id=eq.\(ids[6])", #"{"date":"2026-01-15T10:00:00Z"}"#).status == .noContent)
            #expect(try await api.get(newest).json == [["id": .string(ids[6])], ["id": .string(addedID)]])
            // A bad query is answered its error every time, never kept.
            for _ in 0..<2 {
                #expect(try await api.get(page + "&order=tempo.desc").json?["code"] == "42703")
            }
        }
    }

    /// A token remembered by the verifier (its payload not decoded again) still speaks for its
    /// lifter only while its claims say: refused once expired, as a first check refuses it.
    @Test func aRememberedTokenStillExpires() async throws {
        let clock = VerifiedTokensTests.TestClock()
        let verifier = try await VerifiedTokensTests.verifier(clock)
        let token = try await TestTokens.hs256(TestTokens.claims(Self.lifter, exp: 600))
        let lifter = try #require(LifterID(Self.lifter))
        #expect(try await verifier.principal(fromBearer: token) == .lifter(lifter))
        #expect(try await verifier.principal(fromBearer: token) == .lifter(lifter))
        #expect(verifier.verified.count == 1)
        clock.advance(600 + 31)
        do {
            _ = try await verifier.principal(fromBearer: token)
            Issue.record("an expired remembered token was accepted")
        } catch let error as APIError {
            #expect(error.status == .unauthorized && error.message == "the token has expired")
        }
    }

    static func exerciseID(_ api: API, _ name: String) async throws -> String {
        let reply = try await api.get("/rest/v1/exercises?select=id&name=eq.\(name.replacingOccurrences(of: " ", with: "%20"))")
        return try #require(reply.json?[0]?["id"]?.string, "\(name): \(reply.body)")
    }
}
