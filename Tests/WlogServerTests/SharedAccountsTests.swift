import Foundation
import Logging
import Testing
@testable import WlogPostgres
import WlogStore
@testable import WlogServer

/// Accounts on the PostgreSQL store (issue 32): two servers' account stores over one database
/// (two connections, as two processes have) share accounts and sessions — one's sign-up is
/// read by the other, a session begun on one is honoured by the other at once, a session
/// ended on one is refused by the other — and changes racing from both land in one order,
/// none lost. Runs when the test cluster is up (`WLOG_TEST_DATABASE_URL`).
@Suite("Shared accounts", .enabled(if: StoreBackend.databaseURL != nil))
struct SharedAccountsTests {
    static func account(_ index: Int) -> Account {
        let id = String(format: "6f1c2b7e-0000-4000-8000-%012d", index)
        return Account(id: id, email: "lifter\(index)@example.com", passwordHash: "$2b$04$hash", userMetadata: "{}",
                       createdAt: 1, updatedAt: 1, confirmedAt: 1)
    }

    /// Two stores (servers) on a scratch database of their own, dropped afterwards.
    static func withTwoServers(_ body: (AccountStore, LiveSessions, AccountStore, LiveSessions) async throws -> Void) async throws {
        let base = try DatabaseURL(StoreBackend.databaseURL ?? "")
        let url = try await ScratchDatabase.create(beside: base)
        var logger = Logger(label: "wlog.accounts.tests")
        logger.logLevel = .critical
        let one = try await PostgresStore.connect(url, timeout: .seconds(60), logger: logger)
        let two = try await PostgresStore.connect(url, timeout: .seconds(60), logger: logger)
        do {
            let (liveA, liveB) = (LiveSessions(), LiveSessions())
            let a = try await AccountStore(log: try #require(try await one.accountsLog()), live: liveA)
            let b = try await AccountStore(log: try #require(try await two.accountsLog()), live: liveB)
            try await body(a, liveA, b, liveB)
            await a.release()
            await b.release()
        } catch {
            await one.close()
            await two.close()
            try? await ScratchDatabase.drop(url, base: base)
            throw error
        }
        await one.close()
        await two.close()
        try await ScratchDatabase.drop(url, base: base)
    }

    @Test func oneServersAccountsAndSessionsAreTheOthers() async throws {
        try await Self.withTwoServers { a, _, b, liveB in
            let lena = Self.account(1)
            let lifter = try #require(LifterID(lena.id))
            let session = AuthSession(id: "s1", user: lena.id, createdAt: 2, method: "password")
            try await a.change { _ in ([.account(lena), .session(session), .refresh(RefreshToken(hash: "h1", session: "s1", used: false))], ()) }
            // B reads A's sign-up and honours A's session at once (a miss folds first).
            #expect(try await b.read { $0.account(email: "LIFTER1@example.com") } == lena)
            #expect(await liveB.allowsAnywhere(lifter, session: "s1"))
            #expect(await !liveB.allowsAnywhere(lifter, session: "s2"))
            // B rotates the refresh token; A sees it used.
            try await b.change { state in
                var token = try #require(state.refresh["h1"])
                token.used = true
                return ([.refresh(token)], ())
            }
            #expect(try await a.read { $0.refresh["h1"]?.used } == true)
            // A ends the session: B refuses it once it has folded (a read, or the listener).
            try await a.change { _ in ([.endSession("s1")], ()) }
            _ = try await b.read { $0.sessions.count }
            #expect(!liveB.allows(lifter, session: "s1"))
            // A duplicate decided on a stale state is decided again on the fresh one.
            let refused = try await b.change { state in
                state.account(email: lena.email) == nil ? ([.account(lena)], false) : ([], true)
            }
            #expect(refused)
        }
    }

    @Test func changesRacingFromBothServersAllLandInOneOrder() async throws {
        try await Self.withTwoServers { a, _, b, _ in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    let store = index.isMultiple(of: 2) ? a : b
                    group.addTask {
                        try await store.change { _ in ([.account(Self.account(100 + index))], ()) }
                    }
                }
                try await group.waitForAll()
            }
            let seenByA = try await a.read { Set($0.accounts.keys) }
            let seenByB = try await b.read { Set($0.accounts.keys) }
            #expect(seenByA.count == 40)
            #expect(seenByA == seenByB)
        }
    }
}
