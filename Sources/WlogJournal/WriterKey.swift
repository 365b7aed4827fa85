#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The random key of a journal file's writer: what keeps two copies of one journal from minting
/// the same event ids (docs/SYNC.md, "New ids").
///
/// 64 random bits are chosen when a writer first writes to the file, and kept beside it in
/// `<journal>.writer` together with the file's identity after the writer's last commit: device,
/// inode and change time (`st_ctime`, which no tool can set back). A later writer uses the key
/// again only when the file still has that identity, i.e. nothing but a writer of this key has
/// changed it since. A copy (another inode), a backup restored over it, an edit by another
/// program (a new change time) or a missing or unreadable `.writer` file get a new random key;
/// so two copies written on one machine never share a key, while one file written day after day
/// keeps one, which LZ4 copies from line to line (docs/EVENTS.md, "Event ids").
///
/// The `.writer` file is a cache, written without sync: when it is lost or stale, the next writer
/// only draws a new key.
struct WriterKey: Equatable {
    /// The key.
    var key: UInt64
    /// The journal file's identity the key belongs to.
    var identity: [Int64]

    static let suffix = ".writer"
    private static let magic = "wlog-writer-key 1"

    /// The key for the journal open at `fd`: the kept one when the file is as its writer left
    /// it, else a new random key (kept on the next `record`).
    static func load(journal path: String, fd: Int32) -> UInt64 {
        if let identity = identity(of: fd), let kept = read(path + suffix), kept.identity == identity { return kept.key }
        return UInt64.random(in: .min ... .max)
    }

    /// Keeps `key` beside the journal with the identity the file at `fd` has now (after a commit).
    /// Best effort: a `.writer` file that cannot be written only makes the next writer draw a new key.
    static func record(_ key: UInt64, journal path: String, fd: Int32, ownership: FileOwnership?) {
        guard let identity = identity(of: fd) else { return }
        let text = magic + " " + String(key, radix: 16) + identity.map { " \($0)" }.joined() + "\n"
        // Overwritten in place and cut to length only when it was longer: a file truncated to
        // zero is written out by ext4 when closed (`auto_da_alloc`), one more disk write on every
        // commit (a server's write measured 0.08 ms of CPU less without it). A reader meeting a
        // half-written line finds no key, as with a missing file.
        let out = open(path + suffix, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard out >= 0 else { return }
        defer { FileIO.closeDescriptor(out) }
        var st = stat()
        guard fstat(out, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return }
        ownership?.apply(to: out)
        let bytes = Array(text.utf8)
        guard (try? bytes.withUnsafeBytes({ try FileIO.pwriteAll(out, $0, at: 0, path: path + suffix) })) != nil else { return }
        if Int(st.st_size) > bytes.count { _ = ftruncate(out, off_t(bytes.count)) }
    }

    /// Device, inode and change time (seconds, nanoseconds) of the open file.
    static func identity(of fd: Int32) -> [Int64]? {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        return [Int64(truncatingIfNeeded: st.st_dev), Int64(truncatingIfNeeded: st.st_ino),
                Int64(st.st_ctim.tv_sec), Int64(st.st_ctim.tv_nsec)]
    }

    /// The kept key and identity, or nil when the file is missing, too long or not of this form.
    private static func read(_ path: String) -> WriterKey? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { FileIO.closeDescriptor(fd) }
        var buffer = [UInt8](repeating: 0, count: 160)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0, count < buffer.count, buffer[count - 1] == UInt8(ascii: "\n") else { return nil }
        let fields = String(decoding: buffer[..<(count - 1)], as: UTF8.self).split(separator: " ")
        guard fields.count == 7, fields[0] + " " + fields[1] == magic, let key = UInt64(fields[2], radix: 16) else { return nil }
        let identity = fields[3...].compactMap { Int64($0) }
        guard identity.count == 4 else { return nil }
        return WriterKey(key: key, identity: identity)
    }
}
