import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing
@testable import WlogServer
import WlogStore

/// Lifters cannot see or change each other's journals, and only a good token gets in.
@Suite struct ServerSecurityTests {
    static let lifterA = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
    static let lifterB = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"

    /// What lifter B owns: every kind of id a path can name.
    struct Owned: Sendable {
        var workout = "", set = "", exercise = "secret-press", routine = "b-plan.1"

        /// Texts that must never appear in an answer to another lifter.
        var secrets: [String] {
            [workout, workout.replacingOccurrences(of: "-", with: ""), set, set.replacingOccurrences(of: "-", with: ""),
             exercise, "Secret Press", "b-plan", "B's secret notes"]
        }
    }

    /// B's workout (with a custom exercise, a set and notes), routine (by the CLI) and body weight.
    static func seedLifterB(_ api: API, harness: ServerHarness) async throws -> Owned {
        var owned = Owned()
        #expect(try await api.post("exercises", #"{"name":"Secret Press","primaryMuscle":"chest","equipment":"barbell"}"#)
            .success(.created)["id"] == .string(owned.exercise))
        owned.workout = try #require(try await api.post("workouts", #"{"name":"B day","notes":"B's secret notes"}"#)
            .success(.created)["id"]?.string)
        _ = try await api.post("workouts/\(owned.workout)/exercises", #"{"exerciseId":"secret-press"}"#).success(.created)
        owned.set = try #require(try await api.post("workouts/\(owned.workout)/exercises/secret-press/sets", #"{"reps":5,"weightKg":100}"#)
            .success(.created)["id"]?.string)
        _ = try await api.post("bodyweight", #"{"weightKg":90.5}"#).success(.created)
        let routine = #"{"id":"b-plan","name":"B plan","days":[{"title":"Heavy","exercises":[{"exercise":"secret press","sets":3,"reps":5}]}]}"#
        try await harness.appendByCLI(lifterB, ["append", "routine", "--file", "-"], stdin: routine)
        return owned
    }

    /// Every route of the API (the router's own list, so a new route is covered the day it is added).
    static func apiRoutes(_ harness: ServerHarness) async throws -> [(method: HTTPRequest.Method, path: String)] {
        let store = try JournalStore(root: harness.data + "/routes-only")
        let verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil)
        let router = WlogAPI.router(store: store, verifier: verifier, configuration: harness.configuration)
        return router.routes.map { route in
            // `/api/v1/workouts/{id}` → `api/v1/workouts/:id`
            (route.method, String(describing: route.path).split(separator: "/")
                .map { $0.hasPrefix("{") ? ":" + $0.dropFirst().dropLast() : $0 }.joined(separator: "/"))
        }.filter { $0.path.hasPrefix("api/v1/") && $0.path != "api/v1/openapi.json" }
    }

    /// `path` with `owned`'s ids in its parameters.
    static func uri(_ path: String, _ owned: Owned) -> String {
        path.replacingOccurrences(of: ":setId", with: owned.set).replacingOccurrences(of: ":exerciseId", with: owned.exercise)
            .replacingOccurrences(of: ":id", with: path.hasPrefix("api/v1/routines") ? owned.routine : owned.workout)
            .replacingOccurrences(of: ":type", with: "soreness.recorded")
    }

    /// A body each write route accepts (so a 404 is about the id, not the body).
    static func body(_ method: HTTPRequest.Method, _ path: String) -> String? {
        switch (method, path.split(separator: "/").last.map(String.init) ?? "") {
        case (.get, _), (.delete, _): nil
        case (.post, "sets"): #"{"reps":5,"weightKg":100}"#
        case (.patch, ":setId"): #"{"reps":6}"#
        case (.post, "exercises") where path.contains(":id"): #"{"exerciseId":"bench-press"}"#
        case (.post, "exercises"): #"{"name":"A Press","primaryMuscle":"chest"}"#
        case (.patch, ":id"): #"{"completedAt":"2026-01-15T10:00:00Z"}"#
        case (.post, "bodyweight"): #"{"weightKg":80}"#
        case (.post, ":type"): #"{"group":"Chest","soreness":3}"#
        case (.post, "workouts"): #"{"name":"A day"}"#
        default: "{}"
        }
    }

    /// Lifter A's token on every route, with B's ids in every path parameter: 404 wherever an id
    /// is named, B's texts in no answer, and B's journal byte-identical after each request.
    @Test(arguments: StoreBackend.available)
    func anotherLiftersIdsAnswer404OnEveryRoute(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let routes = try await Self.apiRoutes(harness)
            #expect(routes.count >= 22, "\(routes)")
            let tokenA = try await harness.token(Self.lifterA), tokenB = try await harness.token(Self.lifterB)
            try await harness.run { client in
                let a = API(client: client, token: tokenA), b = API(client: client, token: tokenB)
                let owned = try await Self.seedLifterB(b, harness: harness)
                let ownWorkout = try #require(try await a.post("workouts", #"{"name":"A day"}"#).success(.created)["id"]?.string)
                let before = try #require(try await harness.recorded(Self.lifterB))
                let unknown = Owned(workout: UUID().uuidString.lowercased(), set: UUID().uuidString.lowercased(),
                                    exercise: "unknown-press", routine: "unknown-plan.1")
                var checked = 0
                for (method, path) in routes where path != "api/v1/events/stream" {
                    let uri = Self.uri(path, owned), unknownURI = Self.uri(path, unknown)
                    let reply = try await a.call(method, "/" + uri, Self.body(method, path))
                    // `facts/:type` names an event type, not something a lifter owns.
                    if path.contains(":") && !path.hasSuffix("/:type") {
                        reply.failure(.notFound, "NOT_FOUND")
                        // Exactly the answer an id that exists nowhere gets: nothing tells B's ids exist.
                        var same = try await a.call(method, "/" + unknownURI, Self.body(method, path)).body
                        for (mine, theirs) in [(unknown.workout, owned.workout), (unknown.set, owned.set),
                                               (unknown.exercise, owned.exercise), (unknown.routine, owned.routine)] {
                            same = same.replacingOccurrences(of: mine, with: theirs)
                        }
                        #expect(reply.body == same, "\(method) \(uri)")
                        checked += 1
                    } else {
                        #expect(reply.status.code < 500, "\(method) \(uri): \(reply.body)")
                        for secret in owned.secrets { #expect(!reply.body.contains(secret), "\(method) \(uri) shows \(secret)") }
                    }
                    #expect(try await harness.recorded(Self.lifterB) == before, "\(method) \(uri) changed B's journal")
                }
                #expect(checked >= 12)
                // B's set under A's own workout, and under A's workout with B's exercise: still 404.
                for uri in ["workouts/\(ownWorkout)/exercises/bench-press/sets/\(owned.set)",
                            "workouts/\(ownWorkout)/exercises/secret-press/sets/\(owned.set)"] {
                    try await a.patch(uri, #"{"reps":1}"#).failure(.notFound, "NOT_FOUND")
                    try await a.delete(uri).failure(.notFound, "NOT_FOUND")
                }
                try await a.post("workouts", #"{"routineId":"b-plan.1"}"#).failure(.badRequest, "VALIDATION_ERROR", field: "routineId")
                // The 32-hex form of B's ids is refused the same way.
                try await a.get("workouts/" + owned.workout.replacingOccurrences(of: "-", with: "")).failure(.notFound, "NOT_FOUND")
                #expect(try await harness.recorded(Self.lifterB) == before)
                // B still sees everything, unchanged.
                let mine = try await b.get("workouts/\(owned.workout)").success(.ok)
                #expect(mine["exercises"]?[0]?["sets"]?[0]?["id"] == .string(owned.set))
                #expect(mine["notes"] == "B's secret notes")
            }
        }
    }

    /// No route of the API answers without a token (the stream included).
    @Test(arguments: StoreBackend.available)
    func everyRouteNeedsAToken(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let routes = try await Self.apiRoutes(harness)
            try await harness.run { client in
                let anonymous = API(client: client, token: nil)
                for (method, path) in routes {
                    let uri = "/" + path.replacingOccurrences(of: ":setId", with: "1").replacingOccurrences(of: ":exerciseId", with: "x")
                        .replacingOccurrences(of: ":id", with: "2026-01-15")
                    let reply = try await anonymous.call(method, uri, Self.body(method, path))
                    reply.failure(.unauthorized, "UNAUTHORIZED")
                    #expect(reply.headers[.wwwAuthenticate] == "Bearer realm=\"wlog\"")
                }
            }
            #expect(try await harness.lifters() == [])
        }
    }

    /// Forged, expired, early, misaddressed and malformed tokens: 401 in the error envelope, and
    /// no journal made for whoever they name. The harness also trusts an RSA and a P-256 key
    /// (JWKS), so an HS256 token "signed" with the RSA public key's PEM is the classic confusion
    /// attack; good HS256, RS256 and ES256 tokens, and skew within the 30 s leeway, are the controls.
    @Test func badTokensAnswer401() async throws {
        let ecKey = ES256PrivateKey()
        let harness = try ServerHarness(jwks: try TestTokens.jwks(ec: ecKey))
        defer { harness.remove() }
        let victim = "cccccccc-cccc-4ccc-8ccc-cccccccccccc"
        let good = try await TestTokens.hs256(TestTokens.claims(Self.lifterA))
        let publicPEM = Array(try TestTokens.rsaKey.publicKey.pemRepresentation.utf8)
        let bad: [(String, String?)] = [
            ("no token", nil),
            ("not a JWT", "Bearer not-a-jwt"),
            ("another scheme", "Basic " + Data("a:b".utf8).base64EncodedString()),
            ("empty bearer", "Bearer "),
            ("tampered signature", "Bearer " + TestTokens.tamperedSignature(try await TestTokens.hs256(TestTokens.claims(victim)))),
            ("swapped payload", "Bearer " + (try TestTokens.swappedPayload(good, to: TestTokens.claims(victim)))),
            ("alg none", "Bearer " + (try TestTokens.unsigned(TestTokens.claims(victim)))),
            ("alg None", "Bearer " + (try TestTokens.unsigned(TestTokens.claims(victim), alg: "None"))),
            ("HS512", "Bearer " + (try TestTokens.unsigned(TestTokens.claims(victim), alg: "HS512")) + "c2ln"),
            ("HS256 with the RSA public key, its kid", "Bearer " + (try await TestTokens.hs256(TestTokens.claims(victim), secret: publicPEM,
                                                                                                 kid: TestTokens.rsaKid))),
            ("HS256 with the RSA public key, no kid", "Bearer " + (try await TestTokens.hs256(TestTokens.claims(victim), secret: publicPEM))),
            ("HS256 with another secret", "Bearer " + (try await TestTokens.hs256(TestTokens.claims(victim), secret: Array("a-guessed-secret-of-at-least-32-bytes".utf8)))),
            ("expired", "Bearer " + (try await TestTokens.hs256(TestTokens.claims(victim, exp: -3600)))),
            ("not yet valid", "Bearer " + (try await TestTokens.hs256(TestTokens.claims(victim, nbf: 3600)))),
            ("wrong audience", "Bearer " + (try await TestTokens.hs256(TestTokens.claims(victim, aud: ["anon"])))),
            ("sub not a UUID", "Bearer " + (try await TestTokens.hs256(TestTokens.claims("../../etc")))),
            ("sub an email", "Bearer " + (try await TestTokens.hs256(TestTokens.claims("a@example.com")))),
            ("ES256 by another key", "Bearer " + (try await TestTokens.es256(TestTokens.claims(victim), key: ES256PrivateKey()))),
            ("RS256 expired", "Bearer " + (try await TestTokens.rs256(TestTokens.claims(victim, exp: -3600)))),
            ("ES256 wrong audience", "Bearer " + (try await TestTokens.es256(TestTokens.claims(victim, aud: ["anon"]), key: ecKey))),
        ]
        try await harness.run { client in
            for (name, header) in bad {
                var headers = HTTPFields()
                if let header { headers[.authorization] = header }
                let api = API(client: client, token: nil)
                for (method, path, body) in [(HTTPRequest.Method.get, "workouts", nil), (.post, "workouts", #"{"name":"x"}"#)] {
                    let reply = try await api.call(method, path, body, headers: headers)
                    reply.failure(.unauthorized, "UNAUTHORIZED")
                    #expect(reply.status == .unauthorized, "\(name)")
                    #expect(reply.headers[.wwwAuthenticate] == "Bearer realm=\"wlog\"", "\(name)")
                }
            }
            // The controls: the same server takes a good HS256 token and a good RS256 one.
            _ = try await API(client: client, token: good).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            let rs256 = try await TestTokens.rs256(TestTokens.claims(victim))
            _ = try await API(client: client, token: rs256).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            let es256 = try await TestTokens.es256(TestTokens.claims(victim), key: ecKey)
            _ = try await API(client: client, token: es256).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            // 30 s of clock skew are forgiven on exp and nbf, not more (the -3600/+3600 cases above).
            for claims in [TestTokens.claims(Self.lifterA, exp: -10), TestTokens.claims(Self.lifterA, nbf: 10)] {
                _ = try await API(client: client, token: try await TestTokens.hs256(claims)).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            }
            for claims in [TestTokens.claims(Self.lifterA, exp: -90), TestTokens.claims(Self.lifterA, nbf: 90)] {
                try await API(client: client, token: try await TestTokens.hs256(claims)).get("workouts").failure(.unauthorized, "UNAUTHORIZED")
            }
            // A UUID in capitals is the same lifter (one folder, lower case).
            let upper = try await TestTokens.hs256(TestTokens.claims(Self.lifterA.uppercased()))
            _ = try await API(client: client, token: upper).post("workouts", #"{"name":"Caps"}"#).success(.created)
            #expect(try await API(client: client, token: good).get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 1, "hasMore": false])[0]?["name"] == "Caps")
        }
        #expect(Set((try? FileManager.default.contentsOfDirectory(atPath: harness.data + "/users")) ?? []) == [Self.lifterA, victim])
        #expect(!FileManager.default.fileExists(atPath: harness.data + "/etc"))
    }
}

extension ServerSecurityTests {
    /// `wlog-server run --jwt-secret-file` with a secret shorter than 32 bytes refuses to start
    /// with a message (it trapped in jwt-kit on a debug build, and was taken on a release one).
    @Test func aShortSecretIsRefusedAtStart() async throws {
        let server = ServerHarness.wlogBinary.deletingLastPathComponent().appendingPathComponent("wlog-server")
        try #require(FileManager.default.isExecutableFile(atPath: server.path))
        let harness = try ServerHarness()
        defer { harness.remove() }
        let file = harness.data + "/short-secret"
        try "too-short-a-secret\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try await ServerHarness.wlog(["run", "--listen", "127.0.0.1:0", "--data", harness.data + "/server", "--jwt-secret-file", file],
                                         program: server)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("holds 18 bytes; an HS256 secret needs at least 32"), "\(run.stderr)")
    }
}
