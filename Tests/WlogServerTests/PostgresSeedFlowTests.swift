import Foundation
import Logging
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// Seed 004's core flow (`SeedFlowTests`, every answer checked whole) over the PostgreSQL store;
/// the lifter's stream, migrated into a data folder, then reads as the embedded flow's journal
/// does (the CLI's history, verify and raw lines): the two stores answer the same.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WLOG_TEST_DATABASE_URL"]?.isEmpty == false,
                "WLOG_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start): the PostgreSQL flow is skipped"))
struct PostgresSeedFlowTests {
    @Test func coreFlowEndToEndOnPostgreSQL() async throws {
        let base = try DatabaseURL(ProcessInfo.processInfo.environment["WLOG_TEST_DATABASE_URL"] ?? "")
        let url = try await ScratchDatabase.create(beside: base)
        var logger = Logger(label: "wlog.postgres.tests")
        logger.logLevel = .critical
        let store = try await PostgresStore.connect(url, device: "server", logger: logger)
        let harness = try ServerHarness()
        defer { harness.remove() }
        let token = try await harness.token(SeedFlowTests.lifter)
        let ids = SeedFlowTests.IDs()
        do {
            try await harness.run(store: store) { client in
                let api = API(client: client, token: token)
                try await SeedFlowTests.earlierSession(api, ids)
                try await SeedFlowTests.loggedSession(api, ids)
                try await SeedFlowTests.listAndDetail(api, ids)
                try await Self.routineWrittenByTheCLI(into: store)
                try await SeedFlowTests.routineStart(api, ids)
                try await SeedFlowTests.deletes(api, ids)
            }
            let reports = try await StoreMigration(from: store, to: JournalFolderEnd(root: harness.data)).run()
            #expect(reports.count == 1 && reports.allSatisfy(\.verified))
            try SeedFlowTests.journalAsTheCLIReadsIt(harness, ids)
        } catch {
            await store.close()
            try? await ScratchDatabase.drop(url, base: base)
            throw error
        }
        await store.close()
        try await ScratchDatabase.drop(url, base: base)
    }

    /// The CLI writes the routine into a scratch journal (it parses the routine file); its
    /// `routine.created` event is then committed to the lifter's stream in the database.
    static func routineWrittenByTheCLI(into store: PostgresStore) async throws {
        let scratch = NSTemporaryDirectory() + "wlog-pg-routine-" + UUID().uuidString + ".wlog"
        defer { for file in [scratch, scratch + ".lock"] { try? FileManager.default.removeItem(atPath: file) } }
        #expect(try ServerHarness.wlog(["--journal", scratch, "init"]).status == 0)
        let created = try ServerHarness.wlog(["--journal", scratch, "append", "routine", "--file", "-"], stdin: SeedFlowTests.routine)
        #expect(created.status == 0, "\(created.stderr)")
        let lines = try ServerHarness.wlog(["--journal", scratch, "events"]).stdout.split(separator: "\n")
        let line = try #require(lines.first { $0.contains(#""type":"routine.created""#) })
        let event = try EventCodec.decode(String(line))
        let lifter = try #require(LifterID(SeedFlowTests.lifter))
        let landed = try await store.write(lifter, at: event.envelope.recorded, actor: "user", fixedIDs: []) { _, _ in [event] } render: { _, events in events.count }
        #expect(landed == 1)
    }
}
