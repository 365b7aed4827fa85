#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything that can go wrong opening, reading or writing a journal.
///
/// Each message says what happened, where, and what to do. `exitCode` is the CLI mapping of
/// `cli.md`: 69 in use, 74 damaged or I/O, 75 expected-sequence conflict, 65 refused input,
/// 66 no journal.
public enum JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another writer holds the lock; we waited `waitedSeconds` for it.
    case inUse(path: String, waitedSeconds: Double)
    /// `create` found a file already there.
    case alreadyExists(path: String)
    /// No journal at the path.
    case notFound(path: String)
    /// Something other than a regular file is at the path (a FIFO, a device, a directory, a socket).
    case notRegularFile(path: String, kind: String)
    /// The file holds damage that is not a torn tail (or its header is bad); see the status.
    case damaged(JournalStatus)
    /// The append stated `expected` as the last sequence, but the journal's is `actual`.
    case conflict(expected: UInt64, actual: UInt64)
    /// A pending line was refused; nothing was appended.
    case invalidLine(index: Int, reason: String)
    /// `create` was given a journal id that is not 32 lower-case hex digits.
    case invalidJournalID(String)
    /// A system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// An earlier `fdatasync` failed; this writer refuses all work until the journal is reopened.
    case writerFailed(path: String, cause: String)
    /// The writer was closed.
    case closed(path: String)

    /// The process exit status the CLI should use for this error.
    public var exitCode: Int32 {
        switch self {
        case .inUse: 69
        case .damaged, .io, .writerFailed, .closed: 74
        case .conflict: 75
        case .invalidLine, .alreadyExists, .invalidJournalID: 65
        case .notFound, .notRegularFile: 66
        }
    }

    public var description: String {
        switch self {
        case let .inUse(path, waited):
            "journal \(path) is in use by another writer (waited \(waited) s for \(path)\(JournalFormat.lockSuffix)); "
                + "retry when the other wlog command has finished"
        case let .alreadyExists(path):
            "\(path) already exists; refusing to overwrite it (choose another path or remove it yourself)"
        case let .notFound(path):
            "no journal at \(path); create one with `wlog init`"
        case let .notRegularFile(path, kind):
            "\(path) is \(kind), not a regular file; a journal (and every file beside it) is a regular file: "
                + "check the path"
        case let .damaged(status):
            status.summary
        case let .conflict(expected, actual):
            "expected the journal to end at sequence \(expected) but it ends at \(actual); "
                + "nothing was appended: re-read the journal and retry"
        case let .invalidLine(index, reason):
            "pending line \(index) refused: \(reason); nothing was appended"
        case let .invalidJournalID(id):
            "journal id \"\(id)\" refused: it must be 32 lower-case hex digits"
        case let .io(operation, path, code):
            "\(operation) failed on \(path): \(String(cString: strerror(code))) (errno \(code)); "
                + "check the disk and permissions, then retry"
        case let .writerFailed(path, cause):
            "the writer of \(path) stopped after a failed sync (\(cause)); its last commit may not be durable: "
                + "reopen the journal to continue"
        case let .closed(path):
            "the writer of \(path) is closed; open it again"
        }
    }

    /// An `.io` error for the current `errno`.
    static func posix(_ operation: String, _ path: String) -> JournalError {
        .io(operation: operation, path: path, errno: errno)
    }
}
