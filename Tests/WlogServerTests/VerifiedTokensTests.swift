import Foundation
import Synchronization
import Testing
import WlogStore
@testable import WlogServer

/// `TokenVerifier` remembers a token it accepted (`VerifiedTokens`) and still answers every later
/// use as a first check would: `exp` and `nbf` against the clock of that use, a token that
/// failed never remembered, and the memory bounded.
@Suite("Verified tokens")
struct VerifiedTokensTests {
    final class TestClock: Sendable {
        let date = Mutex(Date())
        func advance(_ seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
        func read() -> Date { date.withLock { $0 } }
    }

    static let lifter = "6f1c2b7e-0000-4000-8000-000000000001"

    static func verifier(_ clock: TestClock) async throws -> TokenVerifier {
        try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil, clock: { clock.read() })
    }

    static func message(_ body: () async throws -> LifterID) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch let error as APIError {
            #expect(error.status == .unauthorized)
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func aRememberedTokenExpiresAndStartsAsItsClaimsSay() async throws {
        let clock = TestClock()
        let verifier = try await Self.verifier(clock)
        let token = try await TestTokens.hs256(TestTokens.claims(Self.lifter, exp: 600, nbf: 120))
        // Not valid yet (nbf 120 s ahead, 30 s of leeway): refused, and not remembered.
        #expect(await Self.message { try await verifier.lifter(fromBearer: token) } == "the token is not valid yet")
        #expect(verifier.verified.count == 0)
        clock.advance(100)
        #expect(try await verifier.lifter(fromBearer: token).uuid == Self.lifter)
        #expect(try await verifier.lifter(fromBearer: token).uuid == Self.lifter)
        #expect(verifier.verified.count == 1)
        // The clock going back before nbf: refused from memory as a first check refuses it.
        clock.advance(-100)
        #expect(await Self.message { try await verifier.lifter(fromBearer: token) } == "the token is not valid yet")
        clock.advance(100 + 500 + 25)
        #expect(try await verifier.lifter(fromBearer: token).uuid == Self.lifter)
        clock.advance(10)
        #expect(await Self.message { try await verifier.lifter(fromBearer: token) } == "the token has expired")
        // A fresh verifier (nothing remembered) says the same at that moment.
        let fresh = try await Self.verifier(clock)
        #expect(await Self.message { try await fresh.lifter(fromBearer: token) } == "the token has expired")
    }

    @Test func aTokenThatFailedIsNeverRemembered() async throws {
        let clock = TestClock()
        let verifier = try await Self.verifier(clock)
        let good = try await TestTokens.hs256(TestTokens.claims(Self.lifter))
        #expect(try await verifier.lifter(fromBearer: good).uuid == Self.lifter)
        let bad = [
            TestTokens.tamperedSignature(good),
            try TestTokens.swappedPayload(good, to: TestTokens.claims("6f1c2b7e-0000-4000-8000-000000000002")),
            try await TestTokens.hs256(TestTokens.claims(Self.lifter, aud: ["anon"])),
            try await TestTokens.hs256(TestTokens.claims("not-a-uuid")),
            try await TestTokens.hs256(TestTokens.claims(Self.lifter), secret: Array("another secret, 32 bytes or longer, for HS256".utf8)),
            try TestTokens.unsigned(TestTokens.claims(Self.lifter)),
        ]
        for token in bad {
            #expect(await Self.message { try await verifier.lifter(fromBearer: token) } != nil, "\(token)")
            #expect(await Self.message { try await verifier.lifter(fromBearer: token) } != nil, "twice: \(token)")
        }
        #expect(verifier.verified.count == 1)
    }

    @Test func theMemoryIsBounded() throws {
        let tokens = VerifiedTokens(capacity: 3)
        let entry = VerifiedTokens.Entry(lifter: try #require(LifterID(Self.lifter)), expires: Date(), notBefore: nil)
        for index in 0..<3 { tokens.remember("t\(index)", entry) }
        #expect(tokens.count == 3)
        tokens.remember("t1", entry)
        #expect(tokens.count == 3)
        tokens.remember("t3", entry)
        #expect(tokens.count == 1)
        #expect(tokens.entry("t3") != nil && tokens.entry("t0") == nil)
    }
}
