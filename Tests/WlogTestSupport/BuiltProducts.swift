import Foundation

/// The package's executables as this build made them, and the repository they came from.
public enum BuiltProducts {
    /// The repository root (fixtures and scripts are read from it).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The built `wlog` CLI, or `$WLOG_TEST_BINARY` (to run the tests against another build, e.g.
    /// main's, and see which fail there).
    public static let wlog: URL = {
        if let path = ProcessInfo.processInfo.environment["WLOG_TEST_BINARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return executable("wlog")
    }()

    /// The executable `name` of this build: beside the test runner in `.build/<config>/` (which
    /// may live inside a bundle folder, `…/debug/X.xctest/…`: up to four folders up), else
    /// `.build/debug/name`.
    public static func executable(_ name: String) -> URL {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: runner).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return repositoryRoot.appendingPathComponent(".build/debug/" + name)
    }
}
