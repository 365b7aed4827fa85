import Foundation
import Testing
import WlogCore
import WlogJournal
@testable import WlogPostgres
import WlogStore

/// `wlog serve migrate`: journals → PostgreSQL → journals gives the same lines byte for byte,
/// resumes where the target stopped, and refuses a target whose stream differs.
@Suite(.enabled(if: PostgresTestDatabase.isAvailable, "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)"))
struct StoreMigrationTests {
    static let lifters = (1...3).map { LifterID("44444444-4444-4444-8444-00000000000\($0)")! }

    @Test func roundTripIsByteIdenticalAndResumable() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, _ in
            let database = stores[0]
            let source = Self.folder(), back = Self.folder()
            defer { for folder in [source, back] { try? FileManager.default.removeItem(atPath: folder) } }
            let journals = try JournalStore(root: source)
            for (l, lifter) in Self.lifters.enumerated() {
                for n in 0..<(5 + 7 * l) {
                    try await PostgresStoreTests.bodyweight(journals, 70 + Double(n) / 4, id: PostgresStoreTests.id(UInt64(100 * l + n)), lifter: lifter)
                }
            }
            let into = try await StoreMigration(from: JournalFolderEnd(root: source), to: database, batch: 4).run()
            #expect(into.map(\.copied) == [5, 12, 19])
            #expect(into.allSatisfy { $0.verified && $0.skipped == 0 })
            // Again: nothing to copy, everything verified.
            let again = try await StoreMigration(from: JournalFolderEnd(root: source), to: database).run()
            #expect(again.map(\.copied) == [0, 0, 0] && again.map(\.skipped) == [5, 12, 19] && again.allSatisfy(\.verified))
            // New events in the journals: only they are copied (resumed).
            try await PostgresStoreTests.bodyweight(journals, 99, id: PostgresStoreTests.id(999), lifter: Self.lifters[0])
            let resumed = try await StoreMigration(from: JournalFolderEnd(root: source), to: database).run()
            #expect(resumed.map(\.copied) == [1, 0, 0] && resumed[0].skipped == 5 && resumed.allSatisfy(\.verified))
            // And back into fresh journals: the same lines, byte for byte.
            let out = try await StoreMigration(from: database, to: JournalFolderEnd(root: back), batch: 5).run()
            #expect(out.map(\.copied) == [6, 12, 19] && out.allSatisfy(\.verified))
            let returned = try JournalStore(root: back)
            for lifter in Self.lifters {
                let original = try await journals.events(lifter, after: 0, limit: 100)
                #expect(try await returned.events(lifter, after: 0, limit: 100) == original)
                #expect(try await database.events(lifter, after: 0, limit: 100) == original)
                #expect(try JournalReader.verify(at: returned.journalPath(of: lifter)).isClean)
            }
        }
    }

    @Test func aTargetHoldingOtherEventsIsRefusedAndLeftAlone() async throws {
        try await PostgresTestDatabase.withStores(1) { stores, _ in
            let database = stores[0]
            let source = Self.folder()
            defer { try? FileManager.default.removeItem(atPath: source) }
            let journals = try JournalStore(root: source)
            let lifter = Self.lifters[0]
            try await PostgresStoreTests.bodyweight(journals, 80, id: PostgresStoreTests.id(1), lifter: lifter)
            try await PostgresStoreTests.bodyweight(journals, 81, id: PostgresStoreTests.id(2), lifter: lifter)
            try await PostgresStoreTests.bodyweight(database, 90, id: PostgresStoreTests.id(3), lifter: lifter)
            await #expect(throws: StoreError.self) {
                try await StoreMigration(from: JournalFolderEnd(root: source), to: database).run()
            }
            #expect(try await database.events(lifter, after: 0, limit: 10).lines.count == 1)
        }
    }

    static func folder() -> String { NSTemporaryDirectory() + "wlog-migrate-tests-" + UUID().uuidString }
}
