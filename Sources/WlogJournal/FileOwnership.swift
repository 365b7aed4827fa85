#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's permission bits and owner: what every file wlog writes beside a journal takes from
/// the journal (the lock, the snapshot, quarantine files, a seal's new file), and what a file
/// replaced by `export --output` keeps (docs: README, "Where the journal lives").
///
/// A journal kept at 0600 must not get a 0644 snapshot or quarantine file that anyone can read,
/// and a journal of another user compacted by root must stay that user's.
public struct FileOwnership: Sendable, Equatable {
    /// The permission bits (no file type).
    public var mode: mode_t
    public var owner: uid_t
    public var group: gid_t

    public init(mode: mode_t, owner: uid_t, group: gid_t) {
        self.mode = mode
        self.owner = owner
        self.group = group
    }

    /// The folders wlog makes (the journal's, its quarantine): only the owner may enter them.
    public static let folderMode: mode_t = 0o700

    /// Makes `directory` and its missing parents, each `folderMode` (a training log is the
    /// lifter's alone); existing folders are left as they are. Best effort: a folder that cannot be
    /// made is reported by what is created in it next (the journal's create).
    public static func makeFolders(_ directory: String) {
        var path = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            path += "/" + part
            _ = mkdir(path, folderMode)
        }
    }

    /// The ownership of the file at `path` (following a symlink), or nil when it cannot be read.
    public static func of(_ path: String) -> FileOwnership? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileOwnership(mode: st.st_mode & 0o7777, owner: st.st_uid, group: st.st_gid)
    }

    /// The ownership of the open file `fd`, or nil when `fstat` fails.
    static func of(descriptor fd: Int32) -> FileOwnership? {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        return FileOwnership(mode: st.st_mode & 0o7777, owner: st.st_uid, group: st.st_gid)
    }

    /// Gives the open file `fd` this mode (whatever the umask made of it) and, when running as
    /// root, this owner (anyone else already owns what they create and may not give it away).
    /// Best effort: a file system without permissions (FAT) keeps what it has.
    public func apply(to fd: Int32) {
        _ = fchmod(fd, mode & 0o777)
        if geteuid() == 0 {
            var st = stat()
            if fstat(fd, &st) == 0, st.st_uid != owner || st.st_gid != group { _ = fchown(fd, owner, group) }
        }
    }

    /// The same for the folder at `path` (just made by this process).
    func applyToFolder(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        apply(to: fd)
        close(fd)
    }
}

/// What a file is, in words, for a message that refuses it.
public enum FileKind {
    /// `a FIFO (named pipe)`, `a device`, `a directory`, `a socket`; nil for a regular file.
    public static func name(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
