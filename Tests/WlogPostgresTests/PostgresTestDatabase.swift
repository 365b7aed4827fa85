import Foundation
import Logging
import PostgresNIO
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore
import WlogTestSupport

/// The throwaway cluster of `scripts/pg-test-cluster.sh` (`WLOG_TEST_DATABASE_URL`); tests that
/// need it are skipped, saying so, when it is absent.
enum PostgresTestDatabase {
    static var url: String? { TestDatabase.url }

    /// Whether the tests that need PostgreSQL run.
    static let isAvailable = TestDatabase.isAvailable(for: "WlogPostgresTests", else: "the PostgreSQL tests are skipped")

    /// A fresh database of its own for one test (dropped by `drop`), so tests run in parallel.
    static func fresh() async throws -> DatabaseURL { try await ScratchDatabase.create(beside: DatabaseURL(url ?? "")) }

    static func drop(_ url: DatabaseURL) async throws { try await ScratchDatabase.drop(url, base: DatabaseURL(Self.url ?? "")) }

    static func admin<R: Sendable>(_ url: DatabaseURL, _ body: @escaping @Sendable (PostgresClient) async throws -> R) async throws -> R {
        try await ScratchDatabase.withClient(url, body)
    }
}

extension PostgresTestDatabase {
    /// Runs `scripts/pg-test-cluster.sh ACTION` on the cluster in `folder` (on a thread of its
    /// own, not the cooperative pool); its exit status. (Its output is not read: the server it
    /// starts may inherit the pipe and keep it open.)
    static func script(_ action: String, folder: String) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runScript(action, folder: folder) }) }
        }
    }

    /// A cluster of its own in a new folder (the restart test must not restart the others'
    /// database): its URL; stop it with `script("stop", folder:)`.
    static func ownCluster(_ folder: String) async throws -> DatabaseURL {
        let status = try await script("start", folder: folder)
        let port = (try? String(contentsOfFile: folder + "/port", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, let port else { throw StoreError.unavailable("pg-test-cluster.sh start failed (\(status))") }
        return try DatabaseURL("postgres://postgres@127.0.0.1:\(port)/postgres")
    }

    /// `posix_spawn` and `waitpid` (Foundation's `Process.waitUntilExit` on a thread of its own
    /// did not see the script end).
    private static func runScript(_ action: String, folder: String) throws -> Int32 {
        let path = BuiltProducts.repositoryRoot.appendingPathComponent("scripts/pg-test-cluster.sh").path
        var environment = ProcessInfo.processInfo.environment
        environment["PG_TEST_DIR"] = folder
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup(action), nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, arguments, variables)
        guard spawned == 0 else { throw StoreError.unavailable("cannot run \(path): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status >> 8) & 0xFF
    }
}
