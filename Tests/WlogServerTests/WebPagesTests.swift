import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import WlogCore
@testable import WlogServer

/// The web pages over real HTTP (docs/WEB.md): the sign-in cookie, HTML escaping of a lifter's
/// own hostile text, one lifter never seeing another's pages, and the pages' numbers against the API's.
@Suite struct WebPagesTests {
    static let alice = "11111111-1111-4111-8111-111111111111"
    static let bob = "22222222-2222-4222-8222-222222222222"

    /// One HTTP answer as text.
    struct Page {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: String
        /// The `data` of an API envelope.
        var data: Any? { (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["data"] }
    }

    static func send(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, cookie: String? = nil,
                     bearer: String? = nil, json: String? = nil, form: String? = nil) async throws -> Page {
        var headers = HTTPFields()
        if let cookie { headers[.cookie] = WebSession.cookieName + "=" + cookie }
        if let bearer { headers[.authorization] = "Bearer " + bearer }
        if json != nil { headers[.contentType] = "application/json" }
        if form != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        let response = try await client.execute(uri: uri, method: method, headers: headers,
                                                body: (json ?? form).map { ByteBuffer(string: $0) })
        return Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
    }

    @Test(arguments: StoreBackend.available)
    func signInSetsAnHttpOnlyCookieAndSignOutRemovesIt(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.alice)
            try await harness.run { client in
                let anonymous = try await Self.send(client, .get, "/history")
                #expect(anonymous.status == .seeOther)
                #expect(anonymous.headers[.location] == "/sign-in")

                let form = try await Self.send(client, .get, "/sign-in")
                #expect(form.status == .ok)
                #expect(form.headers[.contentType] == "text/html; charset=utf-8")
                #expect(form.body.contains("<textarea id=\"token\" name=\"token\""))

                let bad = try await Self.send(client, .post, "/sign-in", form: "token=abc.def.ghi")
                #expect(bad.status == .unauthorized)
                #expect(bad.body.contains("token: the bearer token is not a JWT"))
                #expect(bad.headers[.setCookie] == nil)
                let empty = try await Self.send(client, .post, "/sign-in", form: "token=")
                #expect(empty.status == .badRequest)

                // Another site's form cannot sign this browser in (or out).
                let forgedOrigin = try await client.execute(
                    uri: "/sign-in", method: .post,
                    headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://evil.example"],
                    body: ByteBuffer(string: "token=" + token))
                #expect(forgedOrigin.status == .forbidden)
                #expect(forgedOrigin.headers[.setCookie] == nil)

                let good = try await Self.send(client, .post, "/sign-in", form: "token=Bearer+" + token)
                #expect(good.status == .seeOther)
                #expect(good.headers[.location] == "/history")
                let cookie = good.headers[.setCookie] ?? ""
                #expect(cookie.hasPrefix(WebSession.cookieName + "=" + token + ";"))
                #expect(cookie.contains("HttpOnly"))
                #expect(cookie.contains("SameSite=Strict"))
                #expect(cookie.contains("Path=/"))

                let history = try await Self.send(client, .get, "/history", cookie: token)
                #expect(history.status == .ok)
                #expect(history.body.contains("<h1>History</h1>"))
                #expect(history.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
                // The API keeps bearer headers: the cookie alone opens nothing there.
                let api = try await Self.send(client, .get, "/api/v1/workouts", cookie: token)
                #expect(api.status == .unauthorized)
                // A forged or foreign cookie is no session.
                // The signature's fifth character from the end changed (its last holds bits base64url
                // decoding drops, so changing only the end can leave the signature's bytes as they were).
                let changed: Character = token.dropLast(4).last == "A" ? "B" : "A"
                let forged = try await Self.send(client, .get, "/history", cookie: token.dropLast(5) + String(changed) + token.suffix(4))
                #expect(forged.status == .seeOther)
                let live = try await Self.send(client, .get, "/monitor/events", cookie: "nonsense")
                #expect(live.status == .unauthorized)

                let out = try await Self.send(client, .post, "/sign-out", cookie: token)
                #expect(out.status == .seeOther)
                #expect(out.headers[.location] == "/sign-in")
                #expect(out.headers[.setCookie]?.hasPrefix(WebSession.cookieName + "=;") == true)
                #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func hostileNamesAndNotesAreEscaped(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.alice)
            try await harness.run { client in
                let hostile = "<script>alert(\\\"x\\\")</script>"
                let exercise = try await Self.send(client, .post, "/api/v1/exercises", bearer: token,
                                                   json: "{\"name\":\"Curl \(hostile) & 'co'\",\"primaryMuscle\":\"biceps\"}")
                #expect(exercise.status == .created, "\(exercise.body)")
                let exerciseID = try #require((exercise.data as? [String: Any])?["id"] as? String)
                let workout = try await Self.send(client, .post, "/api/v1/workouts", bearer: token,
                                                  json: "{\"name\":\"<img src=x onerror=alert(1)>\",\"notes\":\"\(hostile)\"}")
                let workoutID = try #require((workout.data as? [String: Any])?["id"] as? String)
                // Issue 37: control, bidi and invisible characters (ESC, BEL, CSI, RLO, LRI, U+FEFF) never raw in a page.
                let controls = #"\u001b]0;pwned\u0007 \u009b31m \u202eRLO\u2066\ufeff"#
                let set = try await Self.send(client, .post, "/api/v1/workouts/\(workoutID)/exercises/\(exerciseID)/sets", bearer: token,
                                              json: "{\"reps\":8,\"weightKg\":20,\"notes\":\"\(hostile) \(controls)\"}")
                #expect(set.status == .created, "\(set.body)")
                for path in ["/history", "/workouts/\(workoutID)", "/exercises", "/exercises/\(exerciseID)", "/monitor", "/monitor/live"] {
                    let page = try await Self.send(client, .get, path, cookie: token)
                    #expect(page.status == .ok, "\(path)")
                    #expect(!page.body.contains("<script>alert"), "\(path)")
                    #expect(!page.body.contains("<img src=x"), "\(path)")
                    #expect(!page.body.contains("<script>"), "\(path)")
                    #expect(!page.body.unicodeScalars.contains { HiddenCharacters.isHidden($0.value) }, "\(path)")
                }
                let detail = try await Self.send(client, .get, "/workouts/\(workoutID)", cookie: token)
                #expect(detail.body.contains("<h1>&lt;img src=x onerror=alert(1)&gt;</h1>"))
                #expect(detail.body.contains("<span class=\"note\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; "
                                             + #"\u001b]0;pwned\u0007 \u009b31m \u202eRLO\u2066\ufeff</span>"#))
                #expect(detail.body.contains("Curl &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;"))
                #expect(detail.body.contains("<span class=\"set\">20 kg × 8</span>"))
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func anotherLiftersPagesAreNotFound(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let alice = try await harness.token(Self.alice), bob = try await harness.token(Self.bob)
            try await harness.run { client in
                let workout = try await Self.send(client, .post, "/api/v1/workouts", bearer: alice, json: "{\"name\":\"Alice's squat day\"}")
                let workoutID = try #require((workout.data as? [String: Any])?["id"] as? String)
                _ = try await Self.send(client, .post, "/api/v1/workouts/\(workoutID)/exercises/back-squat/sets", bearer: alice,
                                        json: "{\"reps\":5,\"weightKg\":140}")
                _ = try await Self.send(client, .post, "/api/v1/bodyweight", bearer: alice, json: "{\"weightKg\":81.5}")
                let own = try await Self.send(client, .get, "/workouts/\(workoutID)", cookie: alice)
                #expect(own.status == .ok)
                #expect(own.body.contains("Alice&#39;s squat day"))

                let foreign = try await Self.send(client, .get, "/workouts/\(workoutID)", cookie: bob)
                #expect(foreign.status == .notFound)
                #expect(foreign.headers[.contentType] == "text/html; charset=utf-8")
                #expect(!foreign.body.contains("Alice"))
                let junk = try await Self.send(client, .get, "/workouts/not-an-id", cookie: bob)
                #expect(junk.status == .notFound)
                for path in ["/history", "/monitor", "/bodyweight", "/exercises"] {
                    let page = try await Self.send(client, .get, path, cookie: bob)
                    #expect(page.status == .ok, "\(path)")
                    #expect(!page.body.contains("Alice"), "\(path)")
                    #expect(!page.body.contains("140 kg"), "\(path)")
                    #expect(!page.body.contains("81.5"), "\(path)")
                    #expect(!page.body.contains(workoutID), "\(path)")
                }
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func pageNumbersEqualTheAPIs(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.alice)
            try await harness.run { client in
                for (day, weight) in [("2026-01-12", 100.0), ("2026-01-14", 102.5)] {
                    let workout = try await Self.send(client, .post, "/api/v1/workouts", bearer: token,
                                                      json: "{\"startedAt\":\"\(day)T08:00:00Z\"}")
                    let id = try #require((workout.data as? [String: Any])?["id"] as? String)
                    for reps in [5, 3] {
                        _ = try await Self.send(client, .post, "/api/v1/workouts/\(id)/exercises/bench-press/sets", bearer: token,
                                                json: "{\"reps\":\(reps),\"weightKg\":\(weight),\"completedAt\":\"\(day)T08:1\(reps):00Z\"}")
                    }
                }
                for (day, weight) in [("2026-01-10", 82.4), ("2026-01-13", 81.9), ("2026-01-15", 81.1)] {
                    _ = try await Self.send(client, .post, "/api/v1/bodyweight", bearer: token,
                                            json: "{\"weightKg\":\(weight),\"recordedAt\":\"\(day)T07:00:00Z\"}")
                }
                let workouts = try await Self.send(client, .get, "/api/v1/workouts?pageSize=1", bearer: token)
                let last = try #require((workouts.data as? [[String: Any]])?.first)
                let volume = try #require(last["totalVolumeKg"] as? Double)
                #expect(volume == 820)
                let history = try await Self.send(client, .get, "/history", cookie: token)
                #expect(history.body.contains("<dd class=\"volume\" data-kg=\"820\">820 kg</dd>"))

                let prs = try await Self.send(client, .get, "/api/v1/prs?exercise=bench-press", bearer: token)
                let records = try #require(((prs.data as? [[String: Any]])?.first?["records"]) as? [[String: Any]])
                let page = try await Self.send(client, .get, "/exercises/bench-press?reps=3", cookie: token)
                #expect(page.status == .ok)
                for record in records {
                    let name = try #require(record["record"] as? String), value = try #require(record["value"] as? Double)
                    #expect(page.body.contains("<tr data-record=\"\(name)\" data-value=\"\(Chart.text(value))\""), "\(name)")
                }
                #expect(page.body.contains("<p class=\"big-pr\" data-reps=\"3\"><span class=\"label\">3RM</span> <strong class=\"value\">102.5 kg</strong>"))
                #expect(page.body.contains("id=\"e1rm-chart\""))
                #expect(page.body.contains("data-date=\"2026-01-14\" data-value=\"820\""), "volume per session of the 14th")
                let badReps = try await Self.send(client, .get, "/exercises/bench-press?reps=0", cookie: token)
                #expect(badReps.status == .badRequest)
                #expect(badReps.body.contains("reps: &quot;0&quot; is not allowed"))

                let bodyweight = try await Self.send(client, .get, "/api/v1/bodyweight", bearer: token)
                let stats = try #require(bodyweight.data as? [String: Any])
                let trend = try #require(stats["trend"] as? String)
                let weightPage = try await Self.send(client, .get, "/bodyweight", cookie: token)
                #expect(weightPage.body.contains("data-trend=\"\(trend)\""))
                #expect(weightPage.body.contains("<dd class=\"current\" data-kg=\"81.1\">81.1 kg</dd>"))
                for entry in try #require(stats["entries"] as? [[String: Any]]) {
                    let average = try #require(entry["average7Kg"] as? Double)
                    #expect(weightPage.body.contains("data-kg=\"\(Chart.text(average))\""))
                }
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func monitorShowsTheWorkoutInProgressAndStreamsFragments(_ backend: StoreBackend) async throws {
        try await ServerHarness.with(backend) { harness in
            let token = try await harness.token(Self.alice)
            try await harness.run { client in
                let idle = try await Self.send(client, .get, "/monitor/live", cookie: token)
                #expect(idle.body.contains("No workout in progress."))
                let workout = try await Self.send(client, .post, "/api/v1/workouts", bearer: token,
                                                  json: "{\"name\":\"Push\",\"startedAt\":\"2026-01-15T09:00:00Z\"}")
                let id = try #require((workout.data as? [String: Any])?["id"] as? String)
                _ = try await Self.send(client, .post, "/api/v1/workouts/\(id)/exercises/bench-press/sets", bearer: token,
                                        json: "{\"reps\":5,\"weightKg\":100,\"completedAt\":\"2026-01-15T09:25:00Z\"}")
                let page = try await Self.send(client, .get, "/monitor", cookie: token)
                #expect(page.body.contains("<script src=\"/web/monitor.js\" defer></script>"))
                #expect(page.body.contains("<p class=\"current-name\">Bench Press</p>"))
                // The harness's clock is 09:30: 30 minutes in, 5 minutes of rest.
                #expect(page.body.contains("data-since=\"\(Int64(1_768_467_600_000))\">30:00</span>"))
                #expect(page.body.contains(">5:00</span>"))
                #expect(page.body.contains("<span class=\"set\">100 kg × 5</span> <strong class=\"badge pr\">PR"))
                #expect(page.body.contains("1 set</span>"))
            }
            #expect(MonitorStream.frame(seq: 7, html: "<p>a</p>\n<p>b</p>")
                == "id: 7\nevent: fragment\ndata: <p>a</p>\ndata: <p>b</p>\n\n")
        }
    }
}
