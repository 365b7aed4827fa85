#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole files read straight into one `[UInt8]` (no `Data` in between, so a big export is held
/// once, not twice), refusing what is not a regular file: a FIFO at the path must not hang an
/// import, a device must not be read forever.
public enum RegularFile {
    /// The bytes of the regular file at `path` if it holds at most `limit` bytes; nil when it is
    /// missing, unreadable, not a regular file or bigger.
    public static func bytes(at path: String, limit: Int = .max) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + offset, buffer.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            offset += n
        }
        return bytes
    }
}
