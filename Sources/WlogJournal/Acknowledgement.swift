#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How far a journal was acknowledged: the last sequence number a writer made durable before
/// it answered, kept beside the journal in `<journal>.acked`, so that recovery tells a torn write
/// (never acknowledged) from damage to acknowledged bytes (docs/design/journal.md, "Opening and
/// recovery").
///
/// The file is one line of fixed length, `wlog-acked 1 <journal id> <seq, 20 digits>\n`
/// (`cat` shows it; the journal itself stays plain LZ4 frames for `lz4 -dc | jq`). It is
/// overwritten in place after each sync of the journal (a commit's `fdatasync`, a group flush, a
/// seal) and never synced itself: it is written only once the journal's bytes through `seq` are
/// on disk, so any value a crash leaves in it is true, and a lost update only leaves an older
/// value (what the journal knew before: a damaged last frame then counts as torn, as it did
/// before this record existed). A missing, unreadable or other journal's record is "nothing
/// known" (0). A repair lowers it to what the journal keeps, before it cuts the file.
///
/// Reading order matters to a reader without the lock: the record is read before the journal is
/// opened, so every sequence it names is already in the file the reader then opens (a writer
/// records only after its bytes are written, and a seal's new file holds every event).
public struct Acknowledgement: Sendable, Equatable {
    /// The journal the record belongs to (its header's id).
    public var journalID: String
    /// Every event `1…through` was acknowledged.
    public var through: UInt64

    static let suffix = ".acked"
    private static let magic = "wlog-acked 1 "
    private static let digits = 20
    private static let length = magic.utf8.count + 32 + 1 + digits + 1

    /// The record beside the journal at `path`, or nil when there is none of this form.
    static func read(journal path: String) -> Acknowledgement? {
        let fd = open(path + suffix, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { FileIO.closeDescriptor(fd) }
        var buffer = [UInt8](repeating: 0, count: length + 1)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count == length, buffer[length - 1] == UInt8(ascii: "\n") else { return nil }
        let fields = String(decoding: buffer[..<(length - 1)], as: UTF8.self).split(separator: " ")
        guard fields.count == 4, fields[0] + " " + fields[1] + " " == magic, fields[2].utf8.count == 32,
              fields[3].utf8.count == digits, let through = UInt64(fields[3]) else { return nil }
        return Acknowledgement(journalID: String(fields[2]), through: through)
    }

    /// How far the journal with `journalID` was acknowledged, from a record read earlier (0 when
    /// none, or when it belongs to another journal that once had this path).
    static func through(_ record: Acknowledgement?, journalID: String?) -> UInt64 {
        guard let record, record.journalID == journalID else { return 0 }
        return record.through
    }

    /// The line written for `through`.
    var encoded: [UInt8] {
        Array((Self.magic + journalID + " " + JournalFormat.zeroPadded(through, digits: Self.digits) + "\n").utf8)
    }

    /// Opens (creating, with the journal's ownership) the record file of the journal at `path`;
    /// -1 when it cannot be opened (recording is then skipped: nothing known, as with no file).
    static func openFile(journal path: String, ownership: FileOwnership?) -> Int32 {
        let fd = open(path + suffix, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return -1 }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            FileIO.closeDescriptor(fd)
            return -1
        }
        if st.st_size == 0 { ownership?.apply(to: fd) }
        return fd
    }

    /// Writes the record into `fd` (from `openFile`); best effort, as a lost update is.
    func write(to fd: Int32) {
        guard fd >= 0 else { return }
        let bytes = encoded
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Records that the journal at `path` (`journalID`) was acknowledged through `through`: what
    /// a caller that makes a writer's commits durable itself (`JournalOptions.Durability.byCaller`)
    /// calls once its flush is done. Opens, writes and closes the record file.
    public static func record(_ through: UInt64, journalID: String, journal path: String) {
        let fd = openFile(journal: path, ownership: FileOwnership.of(path))
        defer { if fd >= 0 { FileIO.closeDescriptor(fd) } }
        Acknowledgement(journalID: journalID, through: through).write(to: fd)
    }
}
