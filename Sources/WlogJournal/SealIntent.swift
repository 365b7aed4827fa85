#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto

/// The redo record of a seal: the sealed chunks that replace the hot tail, kept in
/// `<journal>.seal` (`JournalFormat.sealIntentSuffix`) until they are in the journal, so that a seal that rewrites the tail in place
/// survives a crash at any step (docs/design/journal.md, "Writing").
///
/// A seal writes only the tail's own bytes, never the sealed chunks before it: its cost on disk
/// is about twice the new chunks (here, then in the journal), not the journal's size. The file is
/// one fixed-length header line, then the chunks' bytes:
///
///     wlog-seal 1 <journal id> <tail start> <end before> <length> <sha-256 of the bytes>\n
///
/// (numbers in 20 digits). It is complete and synced, with its directory, before the journal is
/// touched; so `finish` (a writer's open and `repair`, under the lock) either finds a record whose
/// digest holds — and writes its bytes over the tail again, which is the same whether the crash
/// came before, during or after the first attempt — or a partial one, written before the journal
/// changed, which it drops. A record whose bytes the journal already holds at `tail start` (a seal
/// completed, more commits after it) is dropped too.
struct SealIntent: Equatable {
    /// The journal's id (its header's).
    var journalID: String
    /// Where the hot tail starts: the byte the chunks are written at.
    var tailStart: Int
    /// The journal's length before the seal (the hot tail's end).
    var endBefore: Int
    /// How many bytes of chunks follow the header.
    var length: Int
    /// SHA-256 of those bytes, lower-case hex.
    var digest: String

    private static let magic = "wlog-seal 1 "
    private static let digits = 20
    /// Bytes of the header line, `\n` included.
    static let headerLength = magic.utf8.count + 32 + 3 * (1 + digits) + 1 + 64 + 1

    /// The header line.
    var encoded: [UInt8] {
        func number(_ value: Int) -> String { JournalFormat.zeroPadded(value, digits: Self.digits) }
        let line = Self.magic + journalID + " " + number(tailStart) + " " + number(endBefore) + " " + number(length)
            + " " + digest + "\n"
        return Array(line.utf8)
    }

    /// Parses a header line; nil unless it is exactly of this form.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> SealIntent? {
        guard bytes.count == headerLength, bytes[headerLength - 1] == UInt8(ascii: "\n") else { return nil }
        let fields = String(decoding: bytes[..<(headerLength - 1)], as: UTF8.self).split(separator: " ")
        guard fields.count == 7, fields[0] + " " + fields[1] + " " == magic, fields[2].utf8.count == 32,
              let start = Int(fields[3]), let end = Int(fields[4]), let length = Int(fields[5]),
              fields[6].utf8.count == 64, start > 0, end >= start, length > 0 else { return nil }
        return SealIntent(journalID: String(fields[2]), tailStart: start, endBefore: end, length: length, digest: String(fields[6]))
    }

    /// Finishes a seal a crash interrupted, for the journal open at `fd` (read-write, lock held),
    /// before it is scanned: true when the tail was written again. Drops a record that is partial,
    /// of another journal or already applied; leaves the journal as it is in each of those cases.
    @discardableResult
    static func finish(journal path: String, fd: Int32, options: JournalOptions) throws -> Bool {
        let intentPath = JournalWriter.sealRecordPath(of: path)
        let intentFD = open(intentPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard intentFD >= 0 else { return false }
        defer { FileIO.closeDescriptor(intentFD) }
        let scanner = try JournalScanner(fd: fd, path: path, size: FileIO.size(fd, path: path))
        guard try scanner.readHeader(), let intent = try read(intentFD, path: intentPath),
              intent.journalID == scanner.header?.journal else {
            try FileIO.removeIfPresent(intentPath)
            return false
        }
        let size = try FileIO.size(fd, path: path)
        let applied = try size >= intent.tailStart + intent.length
            && sameBytes(intentFD, path: intentPath, journal: fd, journalPath: path, intent: intent)
        let crashState = size >= min(intent.endBefore, intent.tailStart + intent.length)
            && size <= max(intent.endBefore, intent.tailStart + intent.length)
        guard !applied, crashState else {
            // Applied: a leftover whose removal a crash undid. Neither applied nor a length a seal
            // leaves: the journal changed otherwise; the record stays for a person to look at.
            if applied { try FileIO.removeIfPresent(intentPath) }
            return false
        }
        try intent.apply(from: intentFD, intentPath: intentPath, to: fd, journal: path, options: options, fault: nil)
        try FileIO.removeIfPresent(intentPath)
        return true
    }

    /// Writes the record's bytes over the journal's tail (cutting it first when they are shorter)
    /// and syncs the journal.
    func apply(from intentFD: Int32, intentPath: String, to fd: Int32, journal path: String, options: JournalOptions,
               fault: ((FaultPoint) -> Void)?) throws {
        if tailStart + length < endBefore {
            guard ftruncate(fd, off_t(tailStart + length)) == 0 else { throw JournalError.posix("ftruncate", path) }
        }
        try Self.copy(intentFD, path: intentPath, from: Self.headerLength, count: length, to: fd, toPath: path, at: tailStart,
                      halfway: fault.map { hook in { hook(.sealMidApply) } })
        guard options.sync(fd) == 0 else { throw JournalError.posix("fdatasync", path) }
    }

    /// The record in `fd`, when its header parses and its bytes have the digest it states.
    private static func read(_ fd: Int32, path: String) throws -> SealIntent? {
        var header = [UInt8](repeating: 0, count: headerLength)
        let got = try header.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return try FileIO.preadFully(fd, into: base, count: headerLength, at: 0, path: path)
        }
        guard got == headerLength, let intent = header.withUnsafeBytes({ decode($0) }),
              try FileIO.size(fd, path: path) == headerLength + intent.length else { return nil }
        var hash = SHA256()
        try forEachPiece(fd, path: path, from: headerLength, count: intent.length) { hash.update(bufferPointer: $0) }
        return hexString(hash.finalize()) == intent.digest ? intent : nil
    }

    /// Whether the journal holds the record's bytes at `tailStart`.
    private static func sameBytes(_ intentFD: Int32, path: String, journal fd: Int32, journalPath: String,
                                  intent: SealIntent) throws -> Bool {
        let other = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 16)
        defer { other.deallocate() }
        var done = 0
        var same = true
        try forEachPiece(intentFD, path: path, from: headerLength, count: intent.length) { mine in
            guard same, let base = other.baseAddress, let bytes = mine.baseAddress else { return }
            let got = try FileIO.preadFully(fd, into: base, count: mine.count, at: intent.tailStart + done, path: journalPath)
            same = got == mine.count && memcmp(base, bytes, got) == 0
            done += mine.count
        }
        return same
    }

    /// Copies `count` bytes at `from` in `source` to `at` in `target`, calling `halfway` once
    /// about half of them are written (crash tests).
    static func copy(_ source: Int32, path: String, from: Int, count: Int, to target: Int32, toPath: String, at: Int,
                     halfway: (() -> Void)?) throws {
        var done = 0
        var called = false
        try forEachPiece(source, path: path, from: from, count: count, piece: halfway == nil ? piece : max(1, count / 2)) { bytes in
            try FileIO.pwriteAll(target, bytes, at: at + done, path: toPath)
            done += bytes.count
            if !called, done * 2 >= count, done < count { halfway?(); called = true }
        }
    }

    private static let piece = 1 << 20

    /// Calls `body` with `count` bytes of `fd` from `from`, in pieces of at most `piece` bytes;
    /// throws when the file ends first.
    private static func forEachPiece(_ fd: Int32, path: String, from: Int, count: Int, piece: Int = piece,
                                     _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(piece, max(count, 1)), alignment: 16)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < count {
            let want = min(buffer.count, count - done)
            let got = try FileIO.preadFully(fd, into: base, count: want, at: from + done, path: path)
            guard got == want else { throw JournalError.io(operation: "read (seal record shrank)", path: path, errno: EIO) }
            try body(UnsafeRawBufferPointer(start: base, count: got))
            done += got
        }
    }
}
