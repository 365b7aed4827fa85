import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
import Testing
@testable import WlogServer

/// `--jwks-url` (issue 31): the issuer's keys fetched with AsyncHTTPClient from a real HTTP server
/// on loopback, whose document the test rotates and takes down; the verifier's clock is the test's.
@Suite struct JWKSSourceTests {
    static let lifter = "31313131-3131-4131-8131-0000000f0031"

    /// What the test's issuer serves: its keys, `max-age`, whether it is down, and how often it was asked.
    final class Issuer: @unchecked Sendable {
        private let lock = NSLock()
        private var _keys: [(kid: String, key: ES256PrivateKey)] = []
        private var _down = false
        private var _requests = 0
        var maxAge = 120

        var keys: [(kid: String, key: ES256PrivateKey)] {
            get { lock.withLock { _keys } }
            set { lock.withLock { _keys = newValue } }
        }
        var down: Bool {
            get { lock.withLock { _down } }
            set { lock.withLock { _down = newValue } }
        }
        var requests: Int { lock.withLock { _requests } }

        /// The answer to `GET /jwks.json`: the public keys, or 503 while down.
        func answer() -> Response {
            let (keys, down) = lock.withLock { _requests += 1; return (_keys, _down) }
            guard !down else { return Response(status: .serviceUnavailable) }
            let jwks = keys.map { kid, key in
                let (x, y) = key.publicKey.parameters ?? ("", "")
                return #"{"kty":"EC","crv":"P-256","kid":"\#(kid)","alg":"ES256","use":"sig","x":"\#(x)","y":"\#(y)"}"#
            }
            return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=\(maxAge)"],
                            body: .init(byteBuffer: ByteBuffer(string: #"{"keys":["# + jwks.joined(separator: ",") + "]}")))
        }

        /// A token for the test's lifter signed with `key` under `kid`.
        static func token(kid: String, key: ES256PrivateKey) async throws -> String {
            let keys = JWTKeyCollection()
            await keys.add(ecdsa: key, kid: JWKIdentifier(string: kid))
            return try await keys.sign(TestTokens.claims(JWKSSourceTests.lifter), kid: JWKIdentifier(string: kid))
        }
    }

    /// A settable clock.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 0.0
        private let start = Date()
        func now() -> Date { lock.withLock { start.addingTimeInterval(seconds) } }
        func set(_ value: Double) { lock.withLock { seconds = value } }
    }

    /// Runs `body` with the issuer's server on a free loopback port and the URL of its document.
    static func serving(_ issuer: Issuer, _ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.get("jwks.json") { _, _ in issuer.answer() }
        try await Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0))).test(.live) { client in
            try await body("http://127.0.0.1:\(try #require(client.port))/jwks.json")
        }
    }

    /// Whether `verifier` takes a new token signed with `key` under `kid` (each is new: ECDSA
    /// signatures are randomised, so none is answered from the verifier's cache of tokens).
    static func accepts(_ verifier: TokenVerifier, _ kid: String, _ key: ES256PrivateKey) async -> Bool {
        do {
            let token = try await Issuer.token(kid: kid, key: key)
            return try await verifier.lifter(fromBearer: token).uuid == lifter
        } catch let error as APIError {
            #expect(error.status == .unauthorized)
            return false
        } catch {
            Issue.record("\(error)")
            return false
        }
    }

    /// Rotation: a token with a new `kid` is accepted once the served document has it (one
    /// fetch at once); the dropped key and a made-up kid are refused with 401, their fetches
    /// rate-limited to one per 30 s; `max-age` paces the refresh.
    @Test func keysRotateAtTheURL() async throws {
        let issuer = Issuer(), clock = Clock()
        let (first, second) = (ES256PrivateKey(), ES256PrivateKey())
        issuer.keys = [("key-1", first)]
        try await Self.serving(issuer) { url in
            var verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil, clock: { clock.now() })
            let source = try await JWKSSource.start(url: url, clock: { clock.now() })
            verifier.remote = source
            let old = ("key-1", first), new = ("key-2", second), madeUp = ("key-3", ES256PrivateKey())
            #expect(await Self.accepts(verifier, old.0, old.1))
            #expect(issuer.requests == 1)

            // The issuer rotates; 40 s later a token of the new key comes: one fetch, accepted.
            issuer.keys = [("key-2", second)]
            clock.set(40)
            #expect(await Self.accepts(verifier, new.0, new.1))
            #expect(issuer.requests == 2)
            // The old key is gone with the document; its kid is unknown now, but a fetch was made
            // 0 s ago: refused without asking again. So is a made-up kid, 29 s later.
            #expect(await !Self.accepts(verifier, old.0, old.1))
            clock.set(69)
            #expect(await !Self.accepts(verifier, madeUp.0, madeUp.1))
            #expect(issuer.requests == 2)
            // 30 s after the last fetch a made-up kid may ask once more; still unknown, still 401.
            clock.set(70)
            #expect(await !Self.accepts(verifier, madeUp.0, madeUp.1))
            #expect(issuer.requests == 3)
            #expect(await !Self.accepts(verifier, madeUp.0, madeUp.1))
            #expect(issuer.requests == 3)

            // max-age 120: fresh until 190 s; the first request after starts a fetch in the background.
            clock.set(189)
            #expect(await Self.accepts(verifier, new.0, new.1))
            await source.settled()
            #expect(issuer.requests == 3)
            clock.set(190)
            #expect(await Self.accepts(verifier, new.0, new.1))
            await source.settled()
            #expect(issuer.requests == 4)
            #expect(await source.fetches == 4)
        }
    }

    /// The issuer down after start: the last good keys stay, and the fetch is tried again after
    /// 5, 10, 20 s…; back up, the next due fetch lands.
    @Test func theLastGoodKeysStayWhileTheURLIsDown() async throws {
        let issuer = Issuer(), clock = Clock()
        let key = ES256PrivateKey()
        issuer.keys = [("key-1", key)]
        issuer.maxAge = 60
        try await Self.serving(issuer) { url in
            var verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil, clock: { clock.now() })
            let source = try await JWKSSource.start(url: url, clock: { clock.now() })
            verifier.remote = source
            issuer.down = true
            var requests: [Int] = []
            for second in [60.0, 64, 65, 74, 75, 94, 95] {
                clock.set(second)
                #expect(await Self.accepts(verifier, "key-1", key), "at \(second) s")
                await source.settled()
                requests.append(issuer.requests)
            }
            // Fetches at 60 (due), 65 (+5 s), 75 (+10 s), 95 (+20 s); none between.
            #expect(requests == [2, 2, 3, 3, 4, 4, 5])
            #expect(await source.lastFault == "HTTP 503")
            issuer.down = false
            clock.set(135)
            #expect(await Self.accepts(verifier, "key-1", key))
            await source.settled()
            #expect(issuer.requests == 6)
            #expect(await source.lastFault == nil)
        }
    }

    /// No keys at start — nothing listening, an error status, not a JWKS, no key — is an error
    /// naming the URL and the fault; the server does not start.
    @Test func noKeysAtStartIsAClearError() async throws {
        let issuer = Issuer()
        try await Self.serving(issuer) { url in
            for (down, fault) in [(true, "HTTP 503"), (false, "the document holds no key")] {
                issuer.down = down
                do {
                    _ = try await JWKSSource.start(url: url)
                    Issue.record("started with no keys")
                } catch {
                    #expect("\(error)" == "--jwks-url \(url) gave no keys: \(fault) — check the URL and that it serves a JWKS document")
                }
            }
        }
        // A port nothing listens on.
        var quick = JWKSSource.Timing()
        quick.timeoutSeconds = 1
        await #expect(throws: JWKSError.self) { _ = try await JWKSSource.start(url: "http://127.0.0.1:1/jwks.json", timing: quick) }
        let harness = try ServerHarness()
        defer { harness.remove() }
        var configuration = harness.configuration
        configuration.jwksURL = "http://127.0.0.1:1/jwks.json"
        await #expect(throws: JWKSError.self) {
            _ = try await WlogAPI.application(configuration, store: nil, logger: .init(label: "jwks-test"))
        }
    }
}
