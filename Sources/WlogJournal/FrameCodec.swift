import CLZ4

/// Compresses lines into the two kinds of LZ4 frames the journal writes.
final class FrameEncoder {
    private var context: OpaquePointer?
    /// Whether the context compressed a sealed chunk (its buffers then hold megabytes).
    private var sealedSince = false

    init() throws { try makeContext() }

    deinit { LZ4F_freeCompressionContext(context) }

    /// Gives the compression context back: a writer kept idle between commits holds none. A
    /// context that only compressed commits goes to `IdleContexts` for the next writer's commit
    /// (its buffers made and zeroed once, not once a commit); one that sealed is freed. The next
    /// `encode` takes one again.
    func release() {
        guard let context else { return }
        if sealedSince || !IdleContexts.keep(context) { LZ4F_freeCompressionContext(context) }
        self.context = nil
        sealedSince = false
    }

    private func makeContext() throws {
        if let idle = IdleContexts.take() {
            context = idle
            return
        }
        let code = LZ4F_createCompressionContext(&context, UInt32(LZ4F_VERSION))
        guard LZ4F_isError(code) == 0, context != nil else {
            throw JournalError.io(operation: "LZ4F_createCompressionContext", path: "-", errno: 12)
        }
    }

    /// The LZ4 HC level of sealed chunks (`journal.md`: ≥ 9). 12 (LZ4HC_CLEVEL_MAX, the optimal
    /// parser) makes the journal smaller than 9 for several times the CPU, paid once per seal,
    /// not per commit (docs/PERFORMANCE.md, "Why the code is shaped this way").
    static let sealedLevel: Int32 = 12

    /// One complete frame holding `content`.
    ///
    /// Sealed: HC level `sealedLevel`, 1 MiB blocks, block and content checksums, content size.
    /// Commit (hot tail): fast level, 64 KiB blocks, content checksum, content size.
    func encode(_ content: UnsafeRawBufferPointer, sealed: Bool) throws -> [UInt8] {
        if context == nil { try makeContext() }
        if sealed { sealedSince = true }
        var prefs = LZ4F_preferences_t()
        prefs.frameInfo.blockSizeID = sealed ? LZ4F_max1MB : LZ4F_max64KB
        prefs.frameInfo.blockMode = LZ4F_blockIndependent
        prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled
        prefs.frameInfo.blockChecksumFlag = sealed ? LZ4F_blockChecksumEnabled : LZ4F_noBlockChecksum
        prefs.frameInfo.contentSize = UInt64(content.count)
        prefs.compressionLevel = sealed ? Self.sealedLevel : 0
        let bound = LZ4F_compressBound(content.count, &prefs) + Int(LZ4F_HEADER_SIZE_MAX) + 16
        var failure: String?
        let frame = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            guard let dst = out.baseAddress else { return }
            var n = LZ4F_compressBegin(context, dst, bound, &prefs)
            guard LZ4F_isError(n) == 0 else { failure = Self.name(n); return }
            var written = n
            if content.count > 0 {
                n = LZ4F_compressUpdate(context, dst + written, bound - written, content.baseAddress, content.count, nil)
                guard LZ4F_isError(n) == 0 else { failure = Self.name(n); return }
                written += n
            }
            n = LZ4F_compressEnd(context, dst + written, bound - written, nil)
            guard LZ4F_isError(n) == 0 else { failure = Self.name(n); return }
            count = written + n
        }
        if let failure { throw JournalError.io(operation: "LZ4 compression (\(failure))", path: "-", errno: 5) }
        return frame
    }

    static func name(_ code: Int) -> String { String(cString: LZ4F_getErrorName(code)) }
}

/// Decompresses whole LZ4 frames into a reusable buffer, checking every checksum of the frame.
///
/// The header, block and content checksums (XXH32) are checked by `XXHash32`, not by liblz4:
/// Debian's liblz4 computes XXH32 with an SSE2 loop that multiplies by shifts and adds, about
/// half as fast as the scalar loop here, and it was the largest part of a journal read
/// (perf-log/journal-replay.md, "Session 4: decode + evolve and the journal read"). liblz4
/// decodes the blocks (`skipChecksums`), straight into the buffer: it keeps room for one more
/// block than the content, so liblz4 never decodes into its own buffer first and copies.
final class FrameDecoder {
    private var context: OpaquePointer?
    private var output: UnsafeMutableRawBufferPointer

    init() throws {
        let code = LZ4F_createDecompressionContext(&context, UInt32(LZ4F_VERSION))
        guard LZ4F_isError(code) == 0, context != nil else {
            throw JournalError.io(operation: "LZ4F_createDecompressionContext", path: "-", errno: 12)
        }
        output = .allocate(byteCount: 64 << 10, alignment: 16)
    }

    deinit {
        LZ4F_freeDecompressionContext(context)
        output.deallocate()
    }

    /// The content of `frame` (exactly one whole frame declaring `contentSize`), valid until the
    /// next call, or why it is bad (header/block/content checksum, size mismatch, corrupt data).
    /// `checked: false` skips every checksum (what salvage does with a last commit that failed its
    /// content checksum: its lines, if they still parse, are kept for the lifter to look at).
    func decode(_ frame: UnsafeRawBufferPointer, contentSize: Int, checked: Bool = true) -> Result<UnsafeRawBufferPointer, Frame.Problem> {
        guard let src = frame.baseAddress, frame.count >= 7 else { return .failure(.malformed("empty frame")) }
        let flags = frame[4]
        guard !checked || Frame.checksumsHold(frame, blockChecksums: flags & 0x10 != 0) else {
            return .failure(.malformed("LZ4 header or block checksum does not match"))
        }
        // liblz4 decodes a block in place only when a whole block of the frame's maximum fits.
        let blockMax = 1 << (8 + 2 * (Int(frame[5] >> 4) & 0x07))
        let room = contentSize + blockMax
        if output.count < room {
            output.deallocate()
            output = .allocate(byteCount: room, alignment: 16)
        }
        guard let dst = output.baseAddress else { return .failure(.malformed("empty frame")) }
        var options = LZ4F_decompressOptions_t()
        options.skipChecksums = 1
        var consumed = 0, produced = 0
        while true {
            var srcSize = frame.count - consumed
            var dstSize = room - produced
            let hint = LZ4F_decompress(context, dst + produced, &dstSize, src + consumed, &srcSize, &options)
            if LZ4F_isError(hint) != 0 {
                LZ4F_resetDecompressionContext(context)
                return .failure(.malformed("LZ4: \(FrameEncoder.name(hint))"))
            }
            consumed += srcSize
            produced += dstSize
            if hint == 0 { break }
            if srcSize == 0 && dstSize == 0 {
                LZ4F_resetDecompressionContext(context)
                return .failure(.malformed("LZ4 frame content longer than its declared \(contentSize) bytes"))
            }
        }
        guard consumed == frame.count, produced == contentSize else {
            return .failure(.malformed("LZ4 frame decoded to \(produced) bytes, \(contentSize) declared"))
        }
        let content = UnsafeRawBufferPointer(start: dst, count: produced)
        if checked && flags & 0x04 != 0 {
            guard frame.count >= 11,
                  XXHash32.hash(content) == UInt32(littleEndianAt: frame.count - 4, of: frame)
            else { return .failure(.malformed("LZ4 content checksum does not match")) }
        }
        return .success(content)
    }
}
