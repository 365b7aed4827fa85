import Foundation

/// How a child process ended and what it printed.
public struct ChildOutput: Sendable, CustomStringConvertible {
    public var status: Int32
    /// True when a signal ended it (`status` is then the signal's number).
    public var signaled: Bool
    public var stdout: String
    public var stderr: String

    public init(status: Int32, signaled: Bool = false, stdout: String, stderr: String) {
        self.status = status
        self.signaled = signaled
        self.stdout = stdout
        self.stderr = stderr
    }

    public var description: String { "exit \(status)\(signaled ? " (signal)" : ""), stdout \(stdout.debugDescription), stderr \(stderr.debugDescription)" }
}

/// A program run to its end by a test: the CLI, the torture binary, `lz4`.
public enum ChildProcess {
    /// Runs `program ARGUMENTS` and waits on a thread of its own, never on the cooperative pool: the
    /// tests share one process and two pool threads, and a child waited for there stalled the
    /// server and PostgreSQL tests' timers beside it (CI runs failed so); a child may also call the
    /// server this process runs (`wlog sync`), whose handlers need the pool's threads meanwhile.
    ///
    /// `environment` nil inherits this process's; `stdin`, when given, is written and closed
    /// (without it, the child's standard input is a pipe closed at once).
    public static func run(_ program: URL, _ arguments: [String], environment: [String: String]? = nil,
                           directory: URL? = nil, stdin: String? = nil) async throws -> ChildOutput {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try runWaiting(program, arguments, environment: environment, directory: directory, stdin: stdin)
                })
            }
        }
    }

    /// `run`, waiting on the calling thread (for short runs outside async code).
    public static func runWaiting(_ program: URL, _ arguments: [String], environment: [String: String]? = nil,
                                  directory: URL? = nil, stdin: String? = nil) throws -> ChildOutput {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
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
        return ChildOutput(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                           stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}
