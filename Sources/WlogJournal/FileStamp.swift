#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a version of a file cheaply: its length, change time and inode, from one
/// `stat` or `fstat`. Two stamps compared tell a reader that the file changed under it; a writer
/// that let its lock go, that no other writer appended, sealed or replaced the file meanwhile
/// (`JournalWriter.resume`); the server's store, that its folded state is still the journal's.
public struct FileStamp: Equatable, Sendable {
    public var size: Int64 = -1
    /// The change time, in nanoseconds since 1970.
    public var changed: Int64 = 0
    public var inode: UInt64 = 0

    /// Whether it names a file that was there (a failed `stat` and `init()` name none).
    public var isKnown: Bool { size >= 0 }

    /// A stamp that names no file: equal to no other but another such.
    public init() {}

    /// The file at `path`, followed through links as `stat` does (unknown when it cannot be read).
    public init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { self.init(); return }
        self.init(info)
    }

    /// The open file `fd` (unknown when `fstat` fails).
    public init(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { self.init(); return }
        self.init(info)
    }

    /// What a `stat` or `fstat` gave.
    init(_ info: stat) {
        size = Int64(info.st_size)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
