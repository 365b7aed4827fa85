import Foundation
import Synchronization
import WlogStore
#if canImport(Glibc)
import Glibc
#endif

/// The embedded store's accounts: an append-only log, `DATA/accounts.log` (0600), one JSON
/// `AccountRecord` a line, folded in memory on open. A change is acknowledged only after its
/// lines are written and `fdatasync`ed (the journals' discipline), so an answered sign-up or
/// password change survives SIGKILL and power loss. A line torn by a crash is the log's last
/// one, never acknowledged: it is cut off on open. A damaged line before the last refuses to
/// open (an operator looks at it) rather than forget accounts.
///
/// Changes are serialised under one lock (read, decide, write, sync, apply): sign-ups are
/// bcrypt-bound long before the sync is the limit. After each change `LiveSessions` learns which
/// sessions ended and which accounts were disabled or removed.
final class AccountStore: Sendable {
    static let fileName = "accounts.log"

    struct Damaged: Error, CustomStringConvertible {
        var description: String
    }

    /// Another process (a running server) has the log open.
    struct InUse: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "\(path) is in use by a running wlog serve: stop it first, or use /auth/v1/admin/users with the service-role key"
        }
    }

    private struct Log {
        var fd: Int32
        var state: AccountsState
    }
    private let log: Mutex<Log>
    let path: String
    let live: LiveSessions

    /// Opens (or creates) the log under `data`, folding it into memory.
    init(data: String, live: LiveSessions) throws {
        path = data + "/" + Self.fileName
        self.live = live
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Damaged(description: "\(path): cannot open (errno \(errno))") }
        // One process at a time: a running server holds the log (`wlog serve users` then says so).
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw InUse(path: path)
        }
        let bytes = FileManager.default.contents(atPath: path) ?? Data()
        var state = AccountsState()
        var offset = 0
        let decoder = JSONDecoder()
        var kept = 0
        while offset < bytes.count {
            guard let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let line = bytes[offset..<newline]
            guard let record = try? decoder.decode(AccountRecord.self, from: line) else {
                close(fd)
                throw Damaged(description: "\(path): line at byte \(offset) is not an account record; the log is damaged")
            }
            state.apply(record)
            offset = newline + 1
            kept = offset
        }
        if kept < bytes.count {
            // A crash cut the last line short: it was never acknowledged.
            guard ftruncate(fd, off_t(kept)) == 0, fdatasync(fd) == 0 else {
                close(fd)
                throw Damaged(description: "\(path): cannot cut the torn last line (errno \(errno))")
            }
        }
        if bytes.isEmpty, let dir = Optional(open(data, O_RDONLY | O_DIRECTORY | O_CLOEXEC)), dir >= 0 {
            fsync(dir)
            close(dir)
        }
        log = Mutex(Log(fd: fd, state: state))
        for session in state.sessions.keys { live.open(session) }
        for account in state.accounts.values where account.disabled {
            if let lifter = LifterID(account.id) { live.block(lifter) }
        }
    }

    deinit {
        log.withLock { if $0.fd >= 0 { close($0.fd) } }
    }

    /// Lets go of the log at once — its lock with it, so that the next server over this folder
    /// (a restart in the same process) can open it — rather than when the last reference goes.
    /// A change after this is refused (`StoreError.unavailable`).
    func release() {
        log.withLock { log in
            if log.fd >= 0 { close(log.fd) }
            log.fd = -1
        }
    }

    /// A consistent view of every account.
    func read<T>(_ body: (AccountsState) throws -> T) rethrows -> T {
        try log.withLock { try body($0.state) }
    }

    /// One change: `decide` reads the state and returns the records to write (none: nothing is
    /// written) and an answer. The records are durable before this returns.
    func change<T>(_ decide: (AccountsState) throws -> ([AccountRecord], T)) throws -> T {
        try log.withLock { log in
            let (records, answer) = try decide(log.state)
            guard !records.isEmpty else { return answer }
            guard log.fd >= 0 else { throw StoreError.unavailable("the server is stopping; the accounts log is closed") }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var bytes: [UInt8] = []
            for record in records {
                bytes += try encoder.encode(record)
                bytes.append(UInt8(ascii: "\n"))
            }
            let before = lseek(log.fd, 0, SEEK_END)
            let written = bytes.withUnsafeBytes { write(log.fd, $0.baseAddress, $0.count) }
            guard written == bytes.count, fdatasync(log.fd) == 0 else {
                // Nothing half-written stays behind to be folded later.
                if before >= 0 { _ = ftruncate(log.fd, before) }
                throw StoreError.unavailable("the accounts log could not be written (errno \(errno))")
            }
            for record in records {
                switch record {
                case .session(let session):
                    live.open(session.id)
                case .endSession(let id):
                    live.close(id)
                case .account(let account):
                    guard let lifter = LifterID(account.id) else { break }
                    if account.disabled { live.block(lifter) } else { live.unblock(lifter) }
                case .removeAccount(let id):
                    for session in log.state.sessions(of: id) { live.close(session.id) }
                    if let lifter = LifterID(id) { live.block(lifter) }
                default: break
                }
                log.state.apply(record)
            }
            return answer
        }
    }
}
