#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a version of a file cheaply: size, change time and inode (one `stat`).
struct FileStamp: Equatable {
    var size: Int64 = -1
    var changed: Int64 = 0
    var inode: UInt64 = 0

    /// Whether it names a file that was there (a failed `stat` and `init()` name none).
    var isKnown: Bool { size >= 0 }

    init() {}

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        size = Int64(info.st_size)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
