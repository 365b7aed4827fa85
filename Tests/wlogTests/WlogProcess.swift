import Foundation
import Testing

/// Runs the built `wlog` binary in a scratch directory, for end-to-end tests.
struct WlogProcess {
    /// The result of one run.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built binary: next to the test bundle in `.build/<config>/`, or `$WLOG_TEST_BINARY`
    /// (to run these tests against another build, e.g. main's, and see which fail there).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["WLOG_TEST_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("wlog")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/wlog")
    }()

    /// The repository root (for fixtures).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh temporary directory, removed by `cleanup()`.
    let directory: URL
    var journal: String { directory.appendingPathComponent("journal.wlog").path }
    var now = "2026-11-20T18:00:00Z"
    var tz = "Europe/Berlin"

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wlog-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanup() { try? FileManager.default.removeItem(at: directory) }

    /// Runs `wlog ARGS` with the scratch journal, a fixed `--now` and `--tz`, no colour. The wait
    /// is on a thread of its own, never on the cooperative pool: the tests run in one process on
    /// two cores, and a pool thread blocked for a long import stalled the PostgreSQL and server
    /// tests' timers beside it (a CI run failed so).
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
             program: URL = WlogProcess.binary) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Swift.Result { try runWaiting(arguments, stdin: stdin, environment: extra, program: program) })
            }
        }
    }

    private func runWaiting(_ arguments: [String], stdin: String?, environment extra: [String: String], program: URL) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ["WLOG_JOURNAL": journal, "WLOG_NOW": now, "TZ": tz, "NO_COLOR": "1", "HOME": directory.path]
        environment.merge(extra) { $1 }
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs a shell-like command line split on spaces (no quoting), for short tests.
    @discardableResult
    func run(_ line: String) async throws -> Result { try await run(line.split(separator: " ").map(String.init)) }

    /// The journal's bytes, to prove a refused command changed nothing.
    func journalBytes() -> Data? { FileManager.default.contents(atPath: journal) }
}
