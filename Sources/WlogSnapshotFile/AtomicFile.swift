#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WlogJournal

/// A whole file written (the CLI's outputs and the snapshots beside a journal, the CLI's and the
/// server's alike) by temp file and rename in its folder: readers see the old file or the new
/// one, never half of it; a failure leaves what was there untouched and no temp file behind.
///
/// Only a regular file (or nothing) at the path is replaced: a FIFO, a device or a directory would
/// become a regular file, and a symlink would be replaced instead of the file it points to, so
/// those are refused (`write` them with the shell's `> PATH` when that is what is meant). The new
/// file keeps the replaced file's mode and owner, or takes `ownership` (a file beside the journal:
/// the journal's), else the umask's default.
package enum AtomicFile {
    /// Why the file was not written: the message names the path and what to do.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        /// Whether the path itself was refused (a usage error), not the writing (an I/O error).
        package var refusedPath: Bool
    }

    package static func write(_ bytes: [UInt8], to path: String, ownership: FileOwnership? = nil) throws(Failure) {
        var st = stat()
        var kept = ownership
        if lstat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFLNK {
                throw Failure(description: "\(path) is a symbolic link; give the path of the file it points to", refusedPath: true)
            }
            if let kind = FileKind.name(st.st_mode) {
                throw Failure(description: "\(path) is \(kind), not a regular file; write to it with `> \(path)` if that is meant",
                              refusedPath: true)
            }
            kept = FileOwnership(mode: st.st_mode & 0o7777, owner: st.st_uid, group: st.st_gid)
        }
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure("create", temp) }
        kept?.apply(to: fd)
        var ok = bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, base + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        var error = ok ? nil : failure("write", temp)
        ok = close(fd) == 0 && ok
        if ok && rename(temp, path) != 0 { ok = false; error = failure("rename to", path) }
        guard ok else {
            let failed = error ?? failure("close", temp)
            unlink(temp)
            throw failed
        }
    }

    private static func failure(_ operation: String, _ path: String) -> Failure {
        Failure(description: "cannot \(operation) \(path): \(String(cString: strerror(errno))); check the folder exists and is writable",
                refusedPath: false)
    }
}
