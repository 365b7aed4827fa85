import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import WlogCore
import WlogPostgres
@testable import WlogServer
import WlogStore
import WlogTestSupport

/// A server on a free loopback port over a fresh data folder, with a fixed clock and secret.
struct ServerHarness {
    static let secret = Array("test-secret-for-wlog-server-tests-0123456789".utf8)
    static let now = Instant(iso8601: "2026-01-15T09:30:00Z")!

    let data: String
    var configuration: ServerConfiguration
    /// The store the application runs on: the embedded journals (nil) or, set by
    /// `ServerHarness.with(.postgres)`, a PostgreSQL store on a scratch database.
    var postgres: PostgresStore?

    init(lifterRate: Double = 0, addressRate: Double = 0, now: Instant = ServerHarness.now,
         cacheMegabytes: Int = 64, jwks: String? = nil, commitFlush: JournalStore.CommitFlush = .each) throws {
        data = try ScratchFolder.make("wlog-server-tests-")
        let clock = now
        configuration = ServerConfiguration(host: "127.0.0.1", port: 0, dataDirectory: data, cacheMegabytes: cacheMegabytes,
                                            lifterRate: lifterRate, lifterBurst: lifterRate, addressRate: addressRate,
                                            addressBurst: addressRate, jwks: jwks, hmacSecret: Self.secret, now: { clock })
        configuration.commitFlush = commitFlush
        // No per-address cap and minute-long deadlines: every test's clients come from 127.0.0.1,
        // and with 128 tests on 2 cores two tests' own connections were once reset mid-run (the
        // cap and the deadlines are what closes a connection before its answer). The limits
        // themselves are ConnectionDeadlineTests' and hostile-client-test.py's, which set them;
        // the other scripts pass --max-connections-per-address 0 likewise.
        configuration.connections = ConnectionLimits(headerTimeout: .seconds(60), bodyTimeout: .seconds(60),
                                                     idleTimeout: .seconds(60), perAddress: 0)
    }

    /// A token for `lifter` signed with the harness's secret.
    func token(_ lifter: String, days: Int = 30) async throws -> String {
        try await ServerSecret.mint(secret: Self.secret, lifter: lifter, email: nil, days: days, now: Date())
    }

    /// Runs `body` against the application (over `store`, default the harness's own) over real HTTP on loopback.
    func run(store: (any LifterStore)? = nil, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var logger = Logger(label: "wlog.server.tests")
        logger.logLevel = .warning
        let app = try await WlogAPI.application(configuration, store: store ?? postgres, logger: logger)
        try await app.test(.live) { client in try await body(client) }
        try await untilAccountsLogFree()
    }

    /// Waits (at most 10 s) until no application holds the accounts log's lock. An application
    /// lets it go in a service of its own as it shuts down (`Accounts.closer`), which `test` does
    /// not wait for: a second `run` on the folder once started first and found the log in use.
    private func untilAccountsLogFree() async throws {
        let path = data + "/" + AccountsFile.fileName
        for _ in 0..<1000 {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            let free = flock(fd, LOCK_EX | LOCK_NB) == 0
            close(fd)
            if free { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("\(path) is still locked 10 s after the application stopped")
    }

    /// The lifter's journal: `DATA/users/<uuid>/journal.wlog`.
    func journal(_ lifter: String) -> String { data + "/users/" + lifter + "/journal.wlog" }

    /// The journal's bytes (nil while it does not exist), to prove a request changed nothing.
    func journalBytes(_ lifter: String) -> Data? { FileManager.default.contents(atPath: journal(lifter)) }

    /// The journal's event lines, read by the CLI (`wlog events`: the journal's own lines).
    func events(_ lifter: String) async throws -> [String] {
        let result = try await Self.wlog(["--journal", journal(lifter), "events"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func remove() { ScratchFolder.remove(data) }

    /// The built `wlog` CLI (`BuiltProducts.wlog`).
    static var wlogBinary: URL { BuiltProducts.wlog }

    /// Runs `program ARGS` (default the `wlog` CLI, at the harness's clock, zone UTC) on a thread of
    /// its own (`ChildProcess.run`): a command may call the server this process runs (`wlog sync`).
    static func wlog(_ arguments: [String], stdin: String? = nil, program: URL = wlogBinary,
                     environment: [String: String] = [:]) async throws -> ChildOutput {
        let base = ["WLOG_NOW": now.iso8601, "TZ": "UTC", "NO_COLOR": "1", "HOME": NSTemporaryDirectory()]
        return try await ChildProcess.run(program, arguments, environment: base.merging(environment) { $1 }, stdin: stdin)
    }
}
