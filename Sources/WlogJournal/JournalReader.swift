#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a journal without a lock, streaming frame by frame in bounded memory.
///
/// Every unit is checked before its lines are handed out: LZ4 header, block and content checksums
/// (xxHash32), whole lines with dense sequence numbers, each chunk's trailer (sequence range, line
/// count) and the chain of the trailers' digests; a chunk skipped because it ends at or before
/// `after` still has its LZ4 header and block checksums checked (XXH32 of its compressed bytes, no
/// decompression). `forEachLine` does **not** hash the decompressed chunks with SHA-256: the LZ4
/// checksums already catch damage to a chunk's bytes, and hashing cost more than decompressing
/// (most of the scan's work). `verify` hashes every chunk and compares it with its trailer, so a
/// chunk replaced with other well-formed lines under a stale trailer is found there
/// (docs/ARCHITECTURE.md). Memory holds one frame at a time (≤ 1 MiB of lines for a sealed chunk;
/// one commit for a hot-tail frame). A bad or incomplete last frame is treated as not yet written
/// (`tornTail`); damage followed by good frames stops at the good prefix (`damaged`). Both are
/// reported in the returned status rather than thrown, so reading commands keep working on the good
/// prefix.
public final class JournalReader {
    /// The journal's path.
    public let path: String
    /// The header, read when the reader was opened.
    public let header: JournalHeader
    let fd: Int32
    /// How far the journal was acknowledged, read before the file was opened (`Acknowledgement`).
    let acknowledged: Acknowledgement?

    /// Opens the journal and reads its header; throws `notFound`, or `damaged` for a bad header.
    public init(at path: String) throws {
        self.path = path
        acknowledged = Acknowledgement.read(journal: path)
        fd = try FileIO.openRegular(path, O_RDONLY)
        do {
            let scanner = try JournalScanner(fd: fd, path: path, size: FileIO.size(fd, path: path))
            guard try scanner.readHeader(), let header = scanner.header else {
                throw JournalError.damaged(scanner.status(path: path, fault: try scanner.classify()))
            }
            self.header = header
        } catch {
            FileIO.closeDescriptor(fd)
            throw error
        }
    }

    deinit { FileIO.closeDescriptor(fd) }

    /// About how many lines the journal holds: exact for the sealed chunks (their trailers'
    /// counts), estimated for the hot tail; found from frame headers and trailers without
    /// decompressing anything (a small fraction of a full read). What a replay from the start
    /// presizes its state with (`WlogState.reserveCapacity(events:)`); 0 when the file cannot be
    /// read.
    public func estimatedLineCount() -> Int {
        guard let scanner = try? JournalScanner(fd: fd, path: path, size: FileIO.size(fd, path: path), checkDigests: false),
              let count = try? scanner.countLines() else { return 0 }
        return count
    }

    /// Calls `body` with every committed line whose sequence is greater than `after`, in order.
    ///
    /// `line` is the line's bytes **without** its trailing `\n`, valid only during the call. The
    /// file is read up to its size at the start of the call. Sealed chunks that end at or before
    /// `after` are checked by trailer and chain only, not decompressed (fast replay after a
    /// snapshot), their LZ4 header and block checksums still checked. Errors thrown by `body` stop
    /// the read and are rethrown.
    /// - Returns: what was found; `faults` holds a torn tail or damage, if any.
    @discardableResult
    public func forEachLine(after: UInt64 = 0, _ body: (_ seq: UInt64, _ line: UnsafeRawBufferPointer) throws -> Void) throws -> JournalStatus {
        try forEachLine(after: after, checkDigests: false, body)
    }

    /// `forEachLine(after:_:)` under a writer's lock: with `after` at or past the end of the sealed
    /// chunks the writer's open checked (`JournalWriter.sealedPrefix`), the read starts at the hot
    /// tail instead of walking their trailers and chain a second time (nil: from the front).
    @discardableResult
    public func forEachLine(after: UInt64, skipping prefix: SealedPrefix?,
                            _ body: (_ seq: UInt64, _ line: UnsafeRawBufferPointer) throws -> Void) throws -> JournalStatus {
        try forEachLine(after: after, checkDigests: false, skipping: prefix, body)
    }

    /// `forEachLine(after:skipping:_:)` for a read that resumes from a snapshot: also returns the
    /// chain value this journal has after the sealed chunk that ends at sequence `boundary` (the
    /// zero chain's hex when `boundary` is 0), or nil when no chunk ends there — with the lines
    /// after `boundary`, what proves the snapshot saw this journal's exact prefix.
    public func forEachLine(after: UInt64, skipping prefix: SealedPrefix?, chainAt boundary: UInt64,
                            _ body: (_ seq: UInt64, _ line: UnsafeRawBufferPointer) throws -> Void)
        throws -> (status: JournalStatus, chainHead: String?) {
        var chain: [UInt8]?
        let status = try forEachLine(after: after, checkDigests: false, skipping: prefix, sealed: { through, value in
            if through == boundary { chain = value }
        }, body)
        return (status, chain.map(hexString))
    }

    /// `forEachLine(after:_:)`, comparing each decompressed chunk's SHA-256 with its trailer when
    /// `checkDigests` (what `verify` does).
    func forEachLine(after: UInt64, checkDigests: Bool, skipping prefix: SealedPrefix? = nil,
                     sealed: ((_ through: UInt64, _ chain: [UInt8]) -> Void)? = nil,
                     _ body: (_ seq: UInt64, _ line: UnsafeRawBufferPointer) throws -> Void) throws -> JournalStatus {
        try scan(after: after, checkDigests: checkDigests, skipping: prefix, sealed: sealed) { unit, lines in
            guard let base = unit.content?.baseAddress else { return }
            try Self.deliver(lines, in: base, firstSeq: unit.firstSeq, after: after, to: body)
        }
    }

    /// Calls `body` with each of a unit's `lines` (in its content at `base`, numbered from
    /// `firstSeq`) whose sequence is greater than `after`: what both read paths hand out.
    @inline(__always)
    static func deliver(_ lines: [LineRef], in base: UnsafeRawPointer, firstSeq: UInt64, after: UInt64,
                        to body: (_ seq: UInt64, _ line: UnsafeRawBufferPointer) throws -> Void) rethrows {
        var seq = firstSeq
        for line in lines {
            if seq > after {
                try body(seq, UnsafeRawBufferPointer(start: base + Int(line.start), count: Int(line.end - line.start)))
            }
            seq += 1
        }
    }

    /// Checks the whole journal at `path` without a lock: every frame, checksum, chunk digest, the
    /// chain and the sequence. Non-empty `faults` means failure (the CLI exits non-zero).
    public static func verify(at path: String) throws -> JournalStatus {
        let reader: JournalReader
        do {
            reader = try JournalReader(at: path)
        } catch let JournalError.damaged(status) {
            return status
        }
        return try reader.forEachLine(after: 0, checkDigests: true) { _, _ in }
    }
}
