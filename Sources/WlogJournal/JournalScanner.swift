#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto

/// One checked unit of a journal: a sealed chunk (frame and trailer) or a hot-tail commit frame.
struct ScannedUnit {
    enum Kind { case chunk, commit }
    var kind: Kind
    /// Bytes of the unit in the file (for a chunk: its frame and its trailer).
    var range: Range<Int>
    var firstSeq: UInt64
    var lastSeq: UInt64
    /// The decompressed lines (valid until the next scanner call); nil for a skipped chunk.
    var content: UnsafeRawBufferPointer?
}

/// Where one line sits in a unit's content: `start..<end` without the `\n`, and its id bytes.
struct LineRef {
    var start: Int32
    var end: Int32
    var idStart: Int32
    var idEnd: Int32
}

/// Walks a journal file unit by unit, checking everything, stopping at the first bad byte.
///
/// Checks: H0 and H1; each LZ4 frame's flags, header, block and content checksums (liblz4);
/// whole lines with dense sequence numbers and valid ids; each chunk's trailer, SHA-256 (unless
/// `checkDigests` is off) and chain;
/// sealed chunks only before hot-tail commits. After `next` returns nil, `problem` says why
/// (nil at a clean end) and `classify()` tells a torn tail from damage followed by good frames.
final class JournalScanner {
    let file: FileReader
    let decoder: FrameDecoder
    private(set) var header: JournalHeader?
    /// End of the good prefix so far: where the next unit starts.
    private(set) var offset = 0
    private(set) var nextSeq: UInt64 = 1
    private(set) var chain = SealedChunkTrailer.zeroChain
    private(set) var chunkCount = 0
    private(set) var commitCount = 0
    /// End of the last sealed chunk (the hot tail's start).
    private(set) var sealedEnd = 0
    private(set) var sealedThrough: UInt64 = 0
    /// Bytes of lines in the hot tail so far.
    private(set) var tailBytes = 0
    /// The first bad byte and what is wrong there, once found.
    private(set) var problem: (offset: Int, reason: String)?
    private(set) var headerProblem = false
    private var deferredProblem: (offset: Int, reason: String)?
    /// The lines of the unit last returned.
    private(set) var lines: [LineRef] = []
    /// The last sequence the journal's record says was acknowledged (`Acknowledgement`; 0: none
    /// known): set by a scan that reads to the end, so that `classify()` can tell damage there.
    var acknowledged: UInt64 = 0

    /// Whether a decompressed chunk's SHA-256 is compared with its trailer. Off for plain reads:
    /// liblz4's block and content checksums (xxHash32) already catch damage to a chunk's bytes,
    /// and the chain is still checked from the trailers' digests (see `JournalReader`).
    let checkDigests: Bool
    /// Whether a chunk skipped by trailer (`next(skipThrough:)`) still has its LZ4 header and
    /// block checksums (XXH32 of the compressed bytes) checked: damage to its bytes is then found
    /// without decompressing it (a writer's `.trailers` open).
    var checkSkippedBlocks = false

    init(fd: Int32, path: String, size: Int, checkDigests: Bool = true) throws {
        file = FileReader(fd: fd, path: path, size: size)
        decoder = try FrameDecoder()
        self.checkDigests = checkDigests
    }

    /// Reads H0 and H1; false (with `problem` set) if they are not a journal header.
    func readHeader() throws -> Bool {
        func fail(_ reason: String) -> Bool {
            problem = (0, reason)
            headerProblem = true
            return false
        }
        let h0 = JournalFormat.emptyFrame
        guard let start = try file.bytes(at: 0, count: h0.count), start.elementsEqual(h0) else {
            return fail("the file does not start with the empty LZ4 frame of a wlog journal")
        }
        guard let sizeField = try file.bytes(at: h0.count, count: 8),
              UInt32(littleEndianAt: 0, of: sizeField) == JournalFormat.headerMagic
        else { return fail("no header frame (0x184D2A50) after the empty frame at byte \(h0.count)") }
        let size = Int(UInt32(littleEndianAt: 4, of: sizeField))
        guard size <= JournalFormat.maxSkippablePayload, let payload = try file.bytes(at: h0.count + 8, count: size),
              let decoded = JournalHeader.decode(payload)
        else { return fail("the header frame at byte \(h0.count) is not a format-\(JournalFormat.version) wlog header") }
        header = decoded
        offset = h0.count + 8 + size
        sealedEnd = offset
        return true
    }

    /// Continues at a known unit boundary after the sealed chunks (the hot tail's start), with
    /// `nextSeq` the first sequence expected there, without reading what comes before.
    func resume(atTail offset: Int, nextSeq: UInt64) {
        self.offset = offset
        self.nextSeq = nextSeq
        sealedEnd = offset
    }

    /// Continues at the hot tail of a prefix a writer's open checked, with its chain and counts
    /// (so the status is the one a walk from the start would give).
    func resume(after prefix: SealedPrefix) {
        resume(atTail: prefix.tailStart, nextSeq: prefix.sealedThrough + 1)
        sealedThrough = prefix.sealedThrough
        chain = prefix.chain
        chunkCount = prefix.chunkCount
    }

    /// The next good unit, or nil at the end or at the first problem.
    ///
    /// Chunks whose last sequence is ≤ `skipThrough` are checked by trailer and chain only and
    /// returned without content.
    func next(skipThrough: UInt64 = 0) throws -> ScannedUnit? {
        guard problem == nil else { return nil }
        if let deferred = deferredProblem { problem = deferred; return nil }
        guard offset < file.size else { return nil }

        guard let magicBytes = try file.bytes(at: offset, count: 4) else {
            return fail(offset, "the file ends \(file.size - offset) bytes into a frame magic")
        }
        let magic = UInt32(littleEndianAt: 0, of: magicBytes)
        if magic & JournalFormat.skippableMask == JournalFormat.headerMagic {
            return fail(offset, "unexpected skippable frame 0x\(String(magic, radix: 16)) (a trailer without its chunk?)")
        }
        guard magic == JournalFormat.lz4Magic else {
            return fail(offset, "no LZ4 frame magic (found 0x\(String(magic, radix: 16)))")
        }
        let frame: Frame
        switch try Frame.parse(file, at: offset) {
        case let .success(f): frame = f
        case let .failure(p): return fail(offset, p.reason)
        }
        let frameEnd = offset + frame.length
        var trailer: SealedChunkTrailer?
        var trailerEnd = frameEnd
        if let m = try file.bytes(at: frameEnd, count: 4), UInt32(littleEndianAt: 0, of: m) == JournalFormat.trailerMagic {
            switch try readTrailer(at: frameEnd) {
            case let .success((t, end)): trailer = t; trailerEnd = end
            case let .failure(p): deferredProblem = (frameEnd, p.reason)
            }
        }
        if let trailer {
            return try chunk(frame, trailer: trailer, end: trailerEnd, skipThrough: skipThrough)
        }
        return try commit(frame)
    }

    func readTrailer(at start: Int) throws -> Result<(SealedChunkTrailer, Int), Frame.Problem> {
        guard let field = try file.bytes(at: start + 4, count: 4) else {
            return .failure(.incomplete("the file ends inside the chunk trailer at \(start)"))
        }
        let size = Int(UInt32(littleEndianAt: 0, of: field))
        guard size <= JournalFormat.maxSkippablePayload else {
            return .failure(.malformed("chunk trailer at \(start) claims \(size) bytes"))
        }
        guard let payload = try file.bytes(at: start + 8, count: size) else {
            return .failure(.incomplete("the file ends inside the chunk trailer at \(start)"))
        }
        guard let trailer = SealedChunkTrailer.decode(payload) else {
            return .failure(.malformed("chunk trailer at \(start) is not valid trailer JSON"))
        }
        return .success((trailer, start + 8 + size))
    }

    /// A sealed chunk: the frame must be good (else the fault is at the frame); a trailer that
    /// does not match it (else the fault is at the trailer, and the intact frame counts as a commit).
    private func chunk(_ frame: Frame, trailer: SealedChunkTrailer, end: Int, skipThrough: UInt64) throws -> ScannedUnit? {
        let start = offset, frameEnd = offset + frame.length
        let digest = hexDecoded(trailer.sha256) ?? []
        let newChain = digest.count == 32 ? SealedChunkTrailer.nextChain(chain, digest: digest) : []
        let shapeOK = commitCount == 0 && frame.hasBlockChecksum && frame.hasContentChecksum && frame.blockSizeID == 6
            && frame.contentSize.map { $0 <= UInt64(JournalFormat.maxChunkContent) } == true
            && trailer.first == nextSeq && trailer.last >= trailer.first
            && trailer.count == trailer.last - trailer.first + 1 && hexString(newChain) == trailer.chain
        var content: UnsafeRawBufferPointer?
        if !shapeOK || trailer.last > skipThrough {
            guard let size = frame.contentSize, size <= UInt64(JournalFormat.maxCommitContent) else {
                return fail(start, "chunk frame without a content size ≤ 64 MiB")
            }
            guard let body = try decode(frame, at: start, size: Int(size)) else { return nil }
            if let reason = checkLines(body, firstSeq: nextSeq) { return fail(start, reason) }
            let mismatch: String? =
                !shapeOK ? "chunk trailer does not fit its frame (sequence \(trailer.first)…\(trailer.last), "
                    + "chain, flags, or a chunk after hot-tail commits)"
                : UInt64(lines.count) != trailer.count ? "chunk holds \(lines.count) lines, its trailer says \(trailer.count)"
                : checkDigests && hexString(SHA256.hash(data: body)) != trailer.sha256 ? "chunk SHA-256 differs from its trailer"
                : nil
            if let mismatch {
                deferredProblem = (frameEnd, mismatch + " (trailer at \(frameEnd))")
                return try commit(frame, decoded: body)
            }
            content = body
        } else if checkSkippedBlocks {
            guard let bytes = try file.bytes(at: start, count: frame.length),
                  Frame.checksumsHold(bytes, blockChecksums: frame.hasBlockChecksum)
            else { return fail(start, "LZ4 header or block checksum of the chunk at \(start) does not match") }
        }
        offset = end
        sealedEnd = end
        nextSeq = trailer.last + 1
        sealedThrough = trailer.last
        chain = newChain
        chunkCount += 1
        return ScannedUnit(kind: .chunk, range: start..<end, firstSeq: trailer.first, lastSeq: trailer.last, content: content)
    }

    private func fail(_ at: Int, _ reason: String) -> ScannedUnit? {
        problem = (at, reason)
        return nil
    }

    /// A hot-tail commit frame; `decoded` is its content when already decoded and line-checked.
    private func commit(_ frame: Frame, decoded: UnsafeRawBufferPointer? = nil) throws -> ScannedUnit? {
        let start = offset
        guard frame.hasContentChecksum, let size = frame.contentSize, size <= UInt64(JournalFormat.maxCommitContent) else {
            return fail(start, "commit frame without content checksum or content size ≤ 64 MiB")
        }
        var body: UnsafeRawBufferPointer
        if let decoded {
            body = decoded
        } else {
            guard let d = try decode(frame, at: start, size: Int(size)) else { return nil }
            if let reason = checkLines(d, firstSeq: nextSeq) { return fail(start, reason) }
            body = d
        }
        let first = nextSeq
        nextSeq += UInt64(lines.count)
        offset = start + frame.length
        commitCount += 1
        tailBytes += body.count
        return ScannedUnit(kind: .commit, range: start..<offset, firstSeq: first, lastSeq: nextSeq - 1, content: body)
    }

    /// Decodes the frame at `start`; nil with `problem` set when it is bad.
    private func decode(_ frame: Frame, at start: Int, size: Int) throws -> UnsafeRawBufferPointer? {
        guard let bytes = try file.bytes(at: start, count: frame.length) else {
            problem = (start, "the file ends inside the frame at \(start)")
            return nil
        }
        switch decoder.decode(bytes, contentSize: size) {
        case let .success(body): return body
        case let .failure(p): problem = (start, p.reason); return nil
        }
    }

    /// Fills `lines`; returns why the content is not whole lines with dense sequence numbers from
    /// `firstSeq` (any sequence when `firstSeq` is nil), or nil when it is good.
    func checkLines(_ body: UnsafeRawBufferPointer, firstSeq: UInt64?) -> String? {
        // Filled as a local array (one exclusivity check, not one per line), then put back.
        var lines: [LineRef] = []
        swap(&lines, &self.lines)
        defer { swap(&lines, &self.lines) }
        lines.removeAll(keepingCapacity: true)
        guard let base = body.baseAddress, body.count > 0 else { return "frame holds no lines" }
        guard body[body.count - 1] == UInt8(ascii: "\n") else { return "frame content does not end with a line break" }
        var start = 0
        var expected = firstSeq
        while start < body.count {
            guard let hit = memchr(base + start, 0x0A, body.count - start) else { break }
            let end = base.distance(to: UnsafeRawPointer(hit))
            let line = UnsafeRawBufferPointer(rebasing: body[start..<end])
            guard let (seq, id) = LineFormat.parseCommitted(line) else {
                return "line at content offset \(start) does not start with {\"seq\":N,\"id\":\"…\""
            }
            if let e = expected {
                guard seq == e else { return "sequence \(seq) where \(e) was expected" }
                expected = e + 1
            } else {
                expected = seq + 1
            }
            lines.append(LineRef(start: Int32(start), end: Int32(end),
                                 idStart: Int32(start + id.lowerBound), idEnd: Int32(start + id.upperBound)))
            start = end + 1
        }
        return nil
    }
}
