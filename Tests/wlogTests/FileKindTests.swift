import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// wlog opens only regular files (issue 20, items 8 and 10): a FIFO at the journal or at its
/// snapshot must not hang a command, and a path that is not a journal gets no lock file beside it.
@Suite struct FileKindTests {
    /// Runs `wlog ARGS` and kills it after `seconds`; nil when it had to be killed (it hung).
    /// The wait is on a thread of its own, never on the cooperative pool (see `WlogProcess.run`).
    static func run(_ wlog: WlogProcess, _ arguments: [String], seconds: Double = 10) async throws -> WlogProcess.Result? {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try runWaiting(wlog, arguments, seconds: seconds) }) }
        }
    }

    private static func runWaiting(_ wlog: WlogProcess, _ arguments: [String], seconds: Double) throws -> WlogProcess.Result? {
        let process = Process()
        process.executableURL = WlogProcess.binary
        process.arguments = arguments
        process.environment = ["WLOG_JOURNAL": wlog.journal, "WLOG_NOW": wlog.now, "TZ": wlog.tz, "NO_COLOR": "1",
                               "HOME": wlog.directory.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            // SIGKILL: a process blocked opening a FIFO did not end on SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return WlogProcess.Result(status: process.terminationStatus,
                                  stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                                  stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func aFIFOAtTheSnapshotIsIgnored() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        try #require(try await wlog.run(["append", "set", "bench", "100x5"]).status == 0)
        try #require(mkfifo(wlog.journal + ".snap", 0o644) == 0)
        for arguments in [["prs"], ["history"], ["append", "set", "bench", "105x5"], ["export", "sets"]] {
            let result = try await Self.run(wlog, arguments)
            #expect(result?.status == 0, "\(arguments) hung or failed: \(String(describing: result))")
        }
    }

    @Test func aFIFOAsTheJournalIsRefused() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(mkfifo(wlog.journal, 0o644) == 0)
        for arguments in [["events"], ["prs"], ["append", "set", "bench", "100x5"], ["verify"]] {
            let result = try await Self.run(wlog, arguments)
            #expect(result?.status == 66, "\(arguments) hung or failed: \(String(describing: result))")
            #expect(result?.stderr.contains("is a FIFO (named pipe), not a regular file") == true, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: wlog.journal + ".lock"))
    }

    @Test func aFIFOAsTheImportedFileIsRefused() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        let before = wlog.journalBytes()
        let fifo = wlog.directory.appendingPathComponent("export.csv").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let result = try await Self.run(wlog, ["import", "strong", fifo])
        #expect(result?.status == 66, "hung or failed: \(String(describing: result))")
        #expect(result?.stderr == "wlog: error: cannot read \(fifo); check the path\n")
        #expect(wlog.journalBytes() == before)
    }

    @Test func appendingToAFileThatIsNotAJournalLeavesNoLock() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try Data("date,exercise\n".utf8).write(to: URL(fileURLWithPath: wlog.journal))
        let result = try await wlog.run(["append", "set", "bench", "100x5"])
        #expect(result.status == 74 && result.stderr.contains("does not start with the empty LZ4 frame"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: wlog.journal + ".lock"))
        #expect(wlog.journalBytes() == Data("date,exercise\n".utf8))
    }
}
