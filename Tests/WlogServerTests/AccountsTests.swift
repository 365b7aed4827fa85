import Foundation
import Testing
import WlogStore
@testable import WlogServer

/// The accounts' store and keys (issue 32): what is acknowledged is on disk and read back after a
/// crash, a torn last line is cut and a damaged middle refuses to open; the API keys and user
/// tokens map to their principals; a session's tokens stop working the moment it ends.
@Suite("Accounts")
struct AccountsTests {
    static let lifter = "6f1c2b7e-0000-4000-8000-000000000032"

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "wlog-accounts-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func account(_ email: String = "lena@example.com") -> Account {
        Account(id: lifter, email: email, passwordHash: "$2b$04$hash", userMetadata: #"{"name":"Lena"}"#, createdAt: 1, updatedAt: 1, confirmedAt: 1)
    }

    @Test func anAcknowledgedChangeIsReadBackAfterReopening() async throws {
        let data = try Self.folder()
        do {
            let store = try await AccountStore(data: data, live: LiveSessions())
            let session = AuthSession(id: "s1", user: Self.lifter, createdAt: 2, method: "password")
            try await store.change { _ in ([.account(Self.account()), .session(session), .refresh(RefreshToken(hash: "h1", session: "s1", used: false))], ()) }
            // While it is open, no other opener gets it (a running server against `wlog serve users`).
            await #expect(throws: AccountsFile.InUse.self) { try await AccountStore(data: data, live: LiveSessions()) }
        }
        let live = LiveSessions()
        let reopened = try await AccountStore(data: data, live: live)
        #expect(try await reopened.read { $0.account(email: "LENA@example.com") } == Self.account())
        #expect(try await reopened.read { $0.refresh["h1"]?.session } == "s1")
        #expect(live.allows(LifterID(Self.lifter)!, session: "s1"))
        #expect(!live.allows(LifterID(Self.lifter)!, session: "s2"))
        let mode = try FileManager.default.attributesOfItem(atPath: data + "/accounts.log")[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aTornLastLineIsCutAndTheRestKept() async throws {
        let data = try Self.folder()
        do {
            let store = try await AccountStore(data: data, live: LiveSessions())
            try await store.change { _ in ([.account(Self.account())], ()) }
        }
        let handle = try #require(FileHandle(forWritingAtPath: data + "/accounts.log"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"account":{"_0":{"id":"#.utf8))
        try handle.close()
        let reopened = try await AccountStore(data: data, live: LiveSessions())
        #expect(try await reopened.read { $0.accounts.count } == 1)
        let text = try String(contentsOfFile: data + "/accounts.log", encoding: .utf8)
        #expect(text.hasSuffix("}\n"))
        try await reopened.change { _ in ([.account(Self.account("new@example.com"))], ()) }
        _ = consume reopened
        #expect(try await AccountStore(data: data, live: LiveSessions()).read { $0.account(email: "new@example.com")?.id } == Self.lifter)
    }

    @Test func aDamagedLineBeforeTheLastRefusesToOpen() async throws {
        let data = try Self.folder()
        try Data("not json\n{}\n".utf8).write(to: URL(fileURLWithPath: data + "/accounts.log"))
        await #expect(throws: AccountStore.Damaged.self) { try await AccountStore(data: data, live: LiveSessions()) }
    }

    @Test func keysAndUserTokensMapToTheirPrincipals() async throws {
        let data = try Self.folder()
        let keys = try await APIKeys.loadOrCreate(in: data, secret: ServerHarness.secret)
        #expect(try await APIKeys.loadOrCreate(in: data, secret: ServerHarness.secret) == keys)
        let verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil)
        #expect(try await verifier.principal(fromBearer: keys.anon) == .anonymous)
        #expect(try await verifier.principal(fromBearer: keys.serviceRole) == .serviceRole)
        let user = try await TestTokens.hs256(TestTokens.claims(Self.lifter))
        #expect(try await verifier.principal(fromBearer: user) == .lifter(LifterID(Self.lifter)!))
        // The keys never speak for a lifter on /api/v1.
        await #expect(throws: APIError.self) { try await verifier.lifter(fromBearer: keys.anon) }
        // A key signed with another secret is refused.
        let foreign = try await APIKeys.loadOrCreate(in: try Self.folder(), secret: Array("another-secret-of-at-least-32-bytes!!".utf8))
        await #expect(throws: APIError.self) { try await verifier.principal(fromBearer: foreign.serviceRole) }
    }

    @Test func aTokenWithAnAPIKeysRoleIsRefusedAsALifter() async throws {
        var claims = TestTokens.claims(Self.lifter)
        claims.role = "service_role"
        let token = try await TestTokens.hs256(claims)
        let verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil)
        await #expect(throws: APIError.self) { try await verifier.lifter(fromBearer: token) }
    }

    @Test func aSessionsTokenStopsWorkingWhenItEnds() async throws {
        let data = try Self.folder()
        let live = LiveSessions()
        let store = try await AccountStore(data: data, live: live)
        var verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil)
        verifier.sessions = live
        let session = AuthSession(id: "s9", user: Self.lifter, createdAt: Date().timeIntervalSince1970, method: "password")
        try await store.change { _ in ([.account(Self.account()), .session(session)], ()) }
        let token = AccessToken.mint(account: Self.account(), session: session, secret: ServerHarness.secret, now: Date().timeIntervalSince1970)
        #expect(try await verifier.lifter(fromBearer: token).uuid == Self.lifter)
        try await store.change { _ in ([.endSession("s9")], ()) }
        // Remembered by VerifiedTokens, and still refused at once.
        await #expect(throws: APIError.self) { try await verifier.lifter(fromBearer: token) }
        // A token without a session (wlog serve token) stops when the account is disabled.
        let plain = try await TestTokens.hs256(TestTokens.claims(Self.lifter))
        #expect(try await verifier.lifter(fromBearer: plain).uuid == Self.lifter)
        var disabled = Self.account()
        disabled.disabled = true
        try await store.change { _ in ([.account(disabled)], ()) }
        await #expect(throws: APIError.self) { try await verifier.lifter(fromBearer: plain) }
    }

    @Test func passwordStrengthAndDummyChecks() async {
        #expect(Passwords.weaknesses("short") == ["length"])
        #expect(Passwords.weaknesses("alllowercase") == ["characters"])
        #expect(Passwords.weaknesses("Squat-2026") == [])
        let passwords = Passwords(cost: 4)
        let hash = await passwords.hash("Squat-2026")
        #expect(await passwords.verify("Squat-2026", hash: hash))
        #expect(!(await passwords.verify("Squat-2027", hash: hash)))
        #expect(!(await passwords.verify("Squat-2026", hash: nil)))
        #expect(Secrets.pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")  // RFC 7636 appendix B
    }
}

/// Without `--smtp`, each message is a whole file in the outbox, 0600, and nothing else is made.
@Suite("Accounts' outbox")
struct AccountsOutboxTests {
    @Test func aMessageIsWrittenWholeToTheOutbox() async throws {
        let data = try AccountsTests.folder()
        let mailer = Mailer(relay: nil, outbox: data + "/outbox", from: "wlog@localhost", logger: .init(label: "test"))
        try await mailer.send(to: "lena@example.com", subject: "Your code", body: "code: 123456\n.dot line")
        let files = try FileManager.default.contentsOfDirectory(atPath: data + "/outbox")
        #expect(files.count == 1 && files[0].hasSuffix(".eml"))
        let path = data + "/outbox/" + files[0]
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("To: lena@example.com\r\n") && text.contains("Subject: Your code\r\n"))
        // SMTP's dot-stuffing: a body line starting with "." gets a second one.
        #expect(text.hasSuffix("\r\n\r\ncode: 123456\r\n..dot line\r\n"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }
}
