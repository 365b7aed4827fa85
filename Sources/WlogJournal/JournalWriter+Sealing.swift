#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto

extension JournalWriter {
    /// Re-packs the hot tail into sealed chunks in place: the sealed chunks before it are never
    /// read or written again, so a seal costs about twice its new chunks on disk, not the
    /// journal's size.
    ///
    /// Steps: write the tail's lines in chunks of ≤ 1 MiB (each frame followed by its trailer)
    /// into the seal record `journal.wlog.seal` (`SealIntent`), sync it and its directory; then
    /// cut the journal to where the chunks will end when they are shorter than the tail, write
    /// them over the tail, sync the journal and remove the record. A crash before the record is
    /// synced leaves the journal untouched; after it, the next writer's open (or `repair`) writes
    /// the record's chunks over the tail again. The tail is re-checked while it is read. Does
    /// nothing when the tail is empty. A failure once the journal is being changed leaves the
    /// writer failed (the next open finishes the seal).
    @discardableResult
    public func seal() throws -> SealReport {
        try checkUsable()
        changes += 1
        let before = fileEnd
        guard fileEnd > tailStart else {
            return SealReport(chunksWritten: 0, bytesBefore: before, bytesAfter: before, sealedThrough: sealedThrough)
        }
        let intentPath = Self.sealRecordPath(of: path)
        let intentFD = try FileIO.open(intentPath, O_RDWR | O_CREAT | O_TRUNC, mode: 0o600)
        defer { FileIO.closeDescriptor(intentFD) }
        FileOwnership.of(descriptor: fd)?.apply(to: intentFD)
        let intent: SealIntent
        let newChain: [UInt8]
        let chunks: Int
        do {
            fault(.sealMidIntent)
            (intent, newChain, chunks) = try writeIntent(to: intentFD, intentPath: intentPath)
            fault(.sealAfterWriteIntent)
            try sync(intentFD, what: intentPath)
            try FileIO.syncDirectory(of: intentPath, sync: options.sync)
            fault(.sealAfterSyncIntent)
        } catch {
            unlink(intentPath)
            throw error
        }
        do {
            try intent.apply(from: intentFD, intentPath: intentPath, to: fd, journal: path, options: options, fault: options.faultHook)
        } catch {
            failure = "writing the sealed chunks over the hot tail failed (\(error)); the next open finishes it from \(intentPath)"
            throw JournalError.writerFailed(path: path, cause: failure ?? "sealing failed")
        }
        fault(.sealAfterApply)
        // Best effort: a record left behind holds what the journal now holds, and is dropped by the next open.
        unlink(intentPath)
        fileEnd = intent.tailStart + intent.length
        tailStart = fileEnd
        tailBytes = 0
        commitCount = 0
        chain = newChain
        chunkCount += chunks
        sealedThrough = lastSequence
        dirty = false
        lastSync = ContinuousClock.now
        // The journal was synced with the chunks in it: every event is on disk.
        acknowledge()
        return SealReport(chunksWritten: chunks, bytesBefore: before, bytesAfter: fileEnd, sealedThrough: sealedThrough)
    }

    /// Where the seal record of the journal at `path` lies (`SealIntent`): `<journal>.seal`.
    public static func sealRecordPath(of path: String) -> String { path + JournalFormat.sealIntentSuffix }

    /// Whether a seal record lies beside the journal at `path`: a seal in progress, or one a crash
    /// interrupted.
    public static func hasSealRecord(at path: String) -> Bool { FileIO.exists(sealRecordPath(of: path)) }

    /// Finishes a seal a crash interrupted, and does nothing else: when a seal record lies beside
    /// the journal at `path` (`SealIntent`), takes the lock (waiting at most `options.lockTimeout`),
    /// writes the record's chunks over the tail again (`SealIntent.finish`) and lets the lock go.
    /// True when it wrote them. Until then a reader without the lock finds the tail half rewritten
    /// and reports acknowledged events missing; a read that finds damage calls this and reads
    /// again. Unlike a writer's open it moves no torn tail to quarantine: a read changes nothing
    /// but what the interrupted seal had begun.
    public static func finishInterruptedSeal(at path: String, options: JournalOptions = JournalOptions()) throws -> Bool {
        guard hasSealRecord(at: path) else { return false }
        let lock = try JournalLock(journalPath: path, timeout: options.lockTimeout)
        defer { lock.release() }
        let fd = try FileIO.openRegular(path, O_RDWR)
        defer { FileIO.closeDescriptor(fd) }
        return try SealIntent.finish(journal: path, fd: fd, options: options)
    }

    /// Writes the hot tail's lines as sealed chunks into the seal record open at `intentFD`,
    /// header last; returns the record, the chain after the new chunks and how many there are.
    private func writeIntent(to intentFD: Int32, intentPath: String) throws -> (SealIntent, [UInt8], Int) {
        var length = 0
        var newChain = chain
        var chunks = 0
        var hash = SHA256()
        let scanner = try JournalScanner(fd: fd, path: path, size: fileEnd)
        scanner.resume(atTail: tailStart, nextSeq: sealedThrough + 1)
        var pending: [UInt8] = []
        pending.reserveCapacity(JournalFormat.maxChunkContent)
        var pendingFirst = sealedThrough + 1
        func flush(through last: UInt64) throws {
            guard !pending.isEmpty else { return }
            let (frame, trailer) = try pending.withUnsafeBytes { raw in
                let t = SealedChunkTrailer(content: raw, first: pendingFirst, last: last, previousChain: newChain)
                return (try encoder.encode(raw, sealed: true), t)
            }
            let bytes = frame + trailer.encoded
            try bytes.withUnsafeBytes { raw in
                try FileIO.pwriteAll(intentFD, raw, at: SealIntent.headerLength + length, path: intentPath)
                hash.update(bufferPointer: raw)
            }
            length += bytes.count
            newChain = hexDecoded(trailer.chain) ?? newChain
            chunks += 1
            pending.removeAll(keepingCapacity: true)
            pendingFirst = last + 1
        }
        while let unit = try scanner.next() {
            guard let content = unit.content else { continue }
            for (index, line) in scanner.lines.enumerated() {
                let seq = unit.firstSeq + UInt64(index)
                let bytes = UnsafeRawBufferPointer(rebasing: content[Int(line.start)...Int(line.end)])
                if pending.count + bytes.count > JournalFormat.maxChunkContent { try flush(through: seq - 1) }
                pending.append(contentsOf: bytes)
            }
        }
        if let fault = try scanner.classify() {
            throw JournalError.damaged(scanner.status(path: path, fault: fault))
        }
        assert(scanner.nextSeq - 1 == lastSequence, "tail ends at the writer's last sequence")
        try flush(through: lastSequence)
        let intent = SealIntent(journalID: header.journal, tailStart: tailStart, endBefore: fileEnd, length: length,
                                digest: hexString(hash.finalize()))
        try intent.encoded.withUnsafeBytes { try FileIO.pwriteAll(intentFD, $0, at: 0, path: intentPath) }
        return (intent, newChain, chunks)
    }
}
