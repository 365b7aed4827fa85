import Foundation
import Synchronization
import WlogStore
#if canImport(Glibc)
import Glibc
#endif

/// The embedded store's accounts log: `DATA/accounts.log` (0600), one record a line. An append
/// is acknowledged only after its lines are written and `fdatasync`ed (the journals'
/// discipline), so an answered sign-up or password change survives SIGKILL and power loss. A
/// line torn by a crash is the log's last one, never acknowledged: it is cut off on open. One
/// process at a time holds the file (`flock`): a second server or `wlog serve users` on a
/// running server's folder is refused (`InUse`).
final class AccountsFile: RecordLog {
    static let fileName = "accounts.log"

    /// Another process (a running server) has the log open.
    struct InUse: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "\(path) is in use by a running wlog serve: stop it first, or use /auth/v1/admin/users with the service-role key"
        }
    }

    private struct Handle {
        var fd: Int32
        /// Records in the file.
        var count: Int
    }
    private let handle: Mutex<Handle>
    let path: String
    var place: String { path }
    var isShared: Bool { false }

    /// Opens (or creates) the log under `data` and takes its lock.
    init(data: String) throws {
        path = data + "/" + Self.fileName
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let existed = FileManager.default.fileExists(atPath: path)
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AccountStore.Damaged(description: "\(path): cannot open (errno \(errno))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw InUse(path: path)
        }
        if !existed {
            let dir = open(data, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dir >= 0 {
                fsync(dir)
                close(dir)
            }
        }
        handle = Mutex(Handle(fd: fd, count: 0))
    }

    deinit {
        handle.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// The whole lines after the first `position`; a torn last line is cut off the file.
    func records(after position: Int) async throws -> [String] {
        try handle.withLock { handle in
            guard handle.fd >= 0 else { throw StoreError.unavailable("the accounts log is closed") }
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            var lines: [String] = []
            var offset = 0
            while offset < bytes.count, let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: bytes[offset..<newline], as: UTF8.self))
                offset = newline + 1
            }
            if offset < bytes.count {
                // A crash cut the last line short: it was never acknowledged.
                guard ftruncate(handle.fd, off_t(offset)) == 0, fdatasync(handle.fd) == 0 else {
                    throw AccountStore.Damaged(description: "\(path): cannot cut the torn last line (errno \(errno))")
                }
            }
            handle.count = lines.count
            return Array(lines.dropFirst(position))
        }
    }

    func append(_ records: [String], after position: Int) async throws -> Bool {
        try handle.withLock { handle in
            guard handle.fd >= 0 else { throw StoreError.unavailable("the server is stopping; the accounts log is closed") }
            guard position == handle.count else { return false }
            var bytes: [UInt8] = []
            for record in records {
                bytes += record.utf8
                bytes.append(UInt8(ascii: "\n"))
            }
            let before = lseek(handle.fd, 0, SEEK_END)
            let written = bytes.withUnsafeBytes { write(handle.fd, $0.baseAddress, $0.count) }
            guard written == bytes.count, fdatasync(handle.fd) == 0 else {
                // Nothing half-written stays behind to be folded later.
                if before >= 0 { _ = ftruncate(handle.fd, before) }
                throw StoreError.unavailable("the accounts log could not be written (errno \(errno))")
            }
            handle.count += records.count
            return true
        }
    }

    /// Nobody else appends to a locked file: the turn is always this process's.
    func appendExclusively(after position: Int, _ decide: ([String]) throws -> [String]) async throws {
        let records = try decide([])
        guard !records.isEmpty else { return }
        guard try await append(records, after: position) else { throw StoreError.conflict("the accounts log moved under its lock") }
    }

    /// Nobody else appends to a locked file.
    func watch(_ changed: @escaping @Sendable () async -> Void) {}

    func release() async {
        handle.withLock { handle in
            if handle.fd >= 0 { close(handle.fd) }
            handle.fd = -1
        }
    }
}
