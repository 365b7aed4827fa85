#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's length and change time: what tells a reader the file changed under it.
struct FileChange: Equatable {
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// The open file's length and change time, or nil when `fstat` fails.
    static func of(_ fd: Int32) -> FileChange? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileChange(size: Int64(info.st_size), seconds: info.st_ctim.tv_sec, nanoseconds: info.st_ctim.tv_nsec)
    }
}
