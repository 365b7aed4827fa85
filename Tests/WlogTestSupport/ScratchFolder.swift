import Foundation

/// A new empty folder under the system's temporary folder, for one test's files.
public enum ScratchFolder {
    /// Makes `TMPDIR/<prefix><UUID>` and returns its path; the caller removes it (`remove`).
    public static func make(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + prefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Removes `path` and everything in it (quietly: a test's clean-up never fails it).
    public static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
