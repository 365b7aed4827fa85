import Foundation

/// The `wlog` command line beside the running executable, run as a child process: how the
/// helpers that must not link the engine's command code (`wlog-sync`, `wlog-mcp`) read and write
/// a journal, taking its lock, recovery and rules exactly as a lifter's `wlog` does.
public struct SiblingWlog: Sendable {
    /// The executable run.
    public let path: String

    /// What one run printed, and its exit status (`cli.md`'s codes).
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        /// The error text without `wlog: error: ` and the final newline.
        public var message: String {
            var text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("wlog: error: ") { text.removeFirst(13) }
            return text
        }
    }

    /// `wlog` beside this executable (else found on `PATH` when run).
    public init(path: String = SiblingWlog.beside("wlog")) { self.path = path }

    /// Runs `wlog ARGUMENTS` with `environment` added to this process's; throws only when it
    /// cannot be started. Its output goes through temporary files (not pipes, which a big
    /// output on one would fill while the other is read).
    public func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let folder = FileManager.default.temporaryDirectory
        let out = folder.appendingPathComponent("wlog-\(UUID().uuidString).out")
        let err = folder.appendingPathComponent("wlog-\(UUID().uuidString).err")
        defer { for file in [out, err] { try? FileManager.default.removeItem(at: file) } }
        FileManager.default.createFile(atPath: out.path, contents: nil, attributes: [.posixPermissions: 0o600])
        FileManager.default.createFile(atPath: err.path, contents: nil, attributes: [.posixPermissions: 0o600])
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self),
                      stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self))
    }

    /// `name` in the folder of this executable, else `name` itself.
    public static func beside(_ name: String) -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let sibling = executable.deletingLastPathComponent().appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let beside = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        }
        return name
    }
}
