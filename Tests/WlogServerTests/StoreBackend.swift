import Foundation
import Logging
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore
import WlogTestSupport

/// The stores the server's API suites run on (issue 16): the embedded journals always, and
/// PostgreSQL when the test cluster of `scripts/pg-test-cluster.sh` is up (`WLOG_TEST_DATABASE_URL`).
enum StoreBackend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case journal, postgres

    static var databaseURL: String? { TestDatabase.url }

    /// The backends this run has: PostgreSQL is left out, and says so once, without the cluster.
    static let available: [StoreBackend] =
        TestDatabase.isAvailable(for: "WlogServerTests", else: "the API suites run on the embedded store only") ? allCases : [.journal]

    var testDescription: String { rawValue }
}

extension ServerHarness {
    /// `with(backend)`, then `lifter`'s token over the harness's client as an `API`: the setup of
    /// most API tests.
    static func withAPI(_ backend: StoreBackend, as lifter: String,
                        _ body: @escaping @Sendable (ServerHarness, API) async throws -> Void) async throws {
        try await with(backend) { harness in
            let token = try await harness.token(lifter)
            try await harness.run { client in try await body(harness, API(client: client, token: token)) }
        }
    }

    /// Runs `body` with a harness over `backend`: for PostgreSQL, a store on a scratch database of
    /// its own, closed and dropped afterwards; the data folder is removed either way.
    static func with(_ backend: StoreBackend, lifterRate: Double = 0, addressRate: Double = 0,
                     _ body: (ServerHarness) async throws -> Void) async throws {
        var harness = try ServerHarness(lifterRate: lifterRate, addressRate: addressRate)
        defer { harness.remove() }
        guard backend == .postgres else { return try await body(harness) }
        let base = try DatabaseURL(StoreBackend.databaseURL ?? "")
        let url = try await ScratchDatabase.create(beside: base)
        var logger = Logger(label: "wlog.postgres.tests")
        logger.logLevel = .critical
        do {
            // A minute, not the store's 5 s: the server suites run their tests at once on two cores,
            // where a fold has waited past 5 s (a 503 no test asked for). The outage deadline itself
            // is PostgresLoadTests' and server-crash-test's.
            let store = try await PostgresStore.connect(url, device: "server", timeout: .seconds(60), logger: logger)
            harness.postgres = store
            do { try await body(harness) } catch {
                await store.close()
                throw error
            }
            await store.close()
        } catch {
            try? await ScratchDatabase.drop(url, base: base)
            throw error
        }
        try await ScratchDatabase.drop(url, base: base)
    }

    /// The lifter's stream as its store holds it, to prove a request changed nothing: the journal
    /// file's bytes (nil while there is none), or the database's lines of the lifter joined.
    func recorded(_ lifter: String) async throws -> Data? {
        guard postgres != nil else { return journalBytes(lifter) }
        return Data(try await lines(lifter).joined(separator: "\n").utf8)
    }

    /// The lifter's events as the journal's own JSON lines: `wlog events`, or the database's rows.
    func lines(_ lifter: String) async throws -> [String] {
        guard let postgres else { return try await events(lifter) }
        let id = try #require(LifterID(lifter))
        var lines: [String] = [], after: UInt64 = 0
        while true {
            let page = try await postgres.events(id, after: after, limit: 1_000)
            lines += page.lines.map(\.line)
            after = page.next
            if !page.hasMore { return lines }
        }
    }

    /// Appends what the CLI's `wlog ARGS` appends (a routine from a file, sets with `--at`) to the
    /// lifter, and returns its standard output: on the journal directly; for PostgreSQL, in a
    /// scratch journal holding the lifter's stream (so the command decides on the lifter's state),
    /// whose new events are then committed to the lifter's stream as they are.
    @discardableResult
    func appendByCLI(_ lifter: String, _ arguments: [String], stdin: String? = nil) async throws -> String {
        guard let postgres else {
            let result = try await Self.wlog(["--journal", journal(lifter)] + arguments, stdin: stdin)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        let scratch = data + "/cli-" + UUID().uuidString + ".wlog"
        defer { for file in [scratch, scratch + ".lock"] { try? FileManager.default.removeItem(atPath: file) } }
        let stream = try await lines(lifter)
        await #expect(try Self.wlog(["--journal", scratch, "init", "--unit", "kg", "--tz", "UTC"]).status == 0)
        if !stream.isEmpty {
            let loaded = try await Self.wlog(["--journal", scratch, "append", "events"], stdin: stream.joined(separator: "\n") + "\n")
            #expect(loaded.status == 0, "\(loaded.stderr)")
        }
        let known = try await Self.wlog(["--journal", scratch, "events"]).stdout.split(separator: "\n").count
        let result = try await Self.wlog(["--journal", scratch] + arguments, stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try await Self.wlog(["--journal", scratch, "events"]).stdout.split(separator: "\n").dropFirst(known)
        let events = try lines.map { try EventCodec.decode(String($0)) }
        let id = try #require(LifterID(lifter))
        let landed = try await postgres.write(id, at: Self.now, actor: "user", fixedIDs: []) { _, _ in events } render: { _, events in events.count }
        #expect(landed == events.count)
        return result.stdout
    }

    /// The lifters the store has a stream for (a journal folder, or rows in the database).
    func lifters() async throws -> Set<String> {
        guard let postgres else { return Set((try? FileManager.default.contentsOfDirectory(atPath: data + "/users")) ?? []) }
        return Set(try await postgres.lifterIDs().map(\.uuid))
    }

    /// The lifter's stream written into `data` as an ordinary journal, where the CLI reads it
    /// (a no-op on the embedded store, whose journal is there already).
    func journalForTheCLI() async throws {
        guard let postgres else { return }
        let reports = try await StoreMigration(from: postgres, to: JournalFolderEnd(root: data)).run()
        #expect(!reports.isEmpty && reports.allSatisfy(\.verified))
    }
}
