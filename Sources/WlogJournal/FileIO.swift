#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls the journal uses, throwing `JournalError.io`.
enum FileIO {
    /// Opens `path`, retrying on EINTR; `O_CLOEXEC` is always added.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o644) throws -> Int32 {
        while true {
            let fd = Glibc_open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            if errno == ENOENT { throw JournalError.notFound(path: path) }
            throw JournalError.posix("open", path)
        }
    }

    /// Opens an existing regular file: with `O_NONBLOCK`, so that a FIFO at the path cannot hang
    /// the open, then `fstat`; anything else (FIFO, device, directory, socket) is closed and
    /// refused with `notRegularFile`.
    static func openRegular(_ path: String, _ flags: Int32) throws -> Int32 {
        let fd = try open(path, flags | O_NONBLOCK)
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = JournalError.posix("fstat", path)
            closeDescriptor(fd)
            throw error
        }
        guard let kind = FileKind.name(st.st_mode) else {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return fd
        }
        closeDescriptor(fd)
        throw JournalError.notRegularFile(path: path, kind: kind)
    }

    /// Writes all of `bytes` at `offset`, looping on short writes and EINTR.
    static func pwriteAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int, path: String) throws {
        var done = 0
        while done < bytes.count {
            guard let base = bytes.baseAddress else { return }
            let n = pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw JournalError.posix("write", path)
            }
            if n == 0 { throw JournalError.io(operation: "write", path: path, errno: EIO) }
            done += n
        }
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; returns the number read (short at EOF).
    static func preadFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int,
                           path: String) throws -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw JournalError.posix("read", path)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// The size of the open file.
    static func size(_ fd: Int32, path: String) throws -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw JournalError.posix("fstat", path) }
        return Int(st.st_size)
    }

    /// Whether anything exists at `path`.
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Syncs the directory containing `path` (after a rename, link or create), through `sync`.
    static func syncDirectory(of path: String, sync: @Sendable (Int32) -> Int32) throws {
        let dir = directory(of: path)
        let fd = try open(dir, O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        guard sync(fd) == 0 else { throw JournalError.posix("fsync of directory", dir) }
    }

    /// The directory part of `path` ("." when there is none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Closes a descriptor (a name that does not clash with `close()` methods).
    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Removes `path` if it exists; other failures throw.
    static func removeIfPresent(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT { throw JournalError.posix("unlink", path) }
    }
}

/// `open(2)` under a name that does not clash with `FileIO.open`.
@inline(__always)
private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
