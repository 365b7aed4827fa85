import Foundation
import Testing
import WlogTestSupport

/// Runs the built `wlog` binary in a scratch directory, for end-to-end tests.
struct WlogProcess {
    /// The result of one run.
    typealias Result = ChildOutput

    /// The built binary (`BuiltProducts.wlog`: `$WLOG_TEST_BINARY` runs these tests against another build).
    static var binary: URL { BuiltProducts.wlog }

    /// The repository root (for fixtures).
    static var repositoryRoot: URL { BuiltProducts.repositoryRoot }

    /// A fresh temporary directory, removed by `cleanup()`.
    let directory: URL
    var journal: String { directory.appendingPathComponent("journal.wlog").path }
    var now = "2026-11-20T18:00:00Z"
    var tz = "Europe/Berlin"

    init() throws {
        directory = URL(fileURLWithPath: try ScratchFolder.make("wlog-e2e-"))
    }

    func cleanup() { ScratchFolder.remove(directory.path) }

    /// Runs `wlog ARGS` with the scratch journal, a fixed `--now` and `--tz`, no colour, in the
    /// scratch folder (on a thread of its own: `ChildProcess.run`).
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
             program: URL = WlogProcess.binary) async throws -> Result {
        var environment = ["WLOG_JOURNAL": journal, "WLOG_NOW": now, "TZ": tz, "NO_COLOR": "1", "HOME": directory.path]
        environment.merge(extra) { $1 }
        return try await ChildProcess.run(program, arguments, environment: environment, directory: directory, stdin: stdin)
    }

    /// Runs a shell-like command line split on spaces (no quoting), for short tests.
    @discardableResult
    func run(_ line: String) async throws -> Result { try await run(line.split(separator: " ").map(String.init)) }

    /// The journal's bytes, to prove a refused command changed nothing.
    func journalBytes() -> Data? { FileManager.default.contents(atPath: journal) }
}
