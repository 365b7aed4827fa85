#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalWriter {
    /// Re-packs the hot tail into sealed chunks by writing a new file and renaming it over the journal.
    ///
    /// Steps: write `journal.wlog.seal-tmp` (H0, H1 and the existing sealed chunks copied byte for
    /// byte, then the tail's lines in chunks of ≤ 1 MiB, each frame followed by its trailer), sync
    /// it, rename it over the journal, sync the directory. A crash at any step leaves the old or the
    /// new file, both holding the same events; `open` removes a leftover temp file. The tail is
    /// re-checked while it is read. Does nothing when the tail is empty.
    @discardableResult
    public func seal() throws -> SealReport {
        try checkUsable()
        let before = fileEnd
        guard fileEnd > tailStart else {
            return SealReport(chunksWritten: 0, bytesBefore: before, bytesAfter: before, sealedThrough: sealedThrough)
        }
        let tempPath = path + JournalFormat.sealTempSuffix
        let ownership = FileOwnership.of(descriptor: fd)
        let temp = try FileIO.open(tempPath, O_RDWR | O_CREAT | O_TRUNC, mode: 0o600)
        ownership?.apply(to: temp)
        var written = 0
        var newChain = chain
        var chunks = 0
        do {
            written = try copyPrefix(to: temp, tempPath: tempPath)
            fault(.sealMidTemp)
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
                try bytes.withUnsafeBytes { try FileIO.pwriteAll(temp, $0, at: written, path: tempPath) }
                written += bytes.count
                newChain = SealedChunkTrailer.bytes(fromHex: trailer.chain) ?? newChain
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
            fault(.sealAfterWriteTemp)
            try sync(temp, what: tempPath)
            fault(.sealAfterSyncTemp)
            guard rename(tempPath, path) == 0 else { throw JournalError.posix("rename to journal", tempPath) }
        } catch {
            FileIO.closeDescriptor(temp)
            unlink(tempPath)
            throw error
        }
        fault(.sealAfterRename)
        FileIO.closeDescriptor(fd)
        fd = temp
        fileEnd = written
        tailStart = written
        tailBytes = 0
        commitCount = 0
        chain = newChain
        chunkCount += chunks
        sealedThrough = lastSequence
        dirty = false
        lastSync = ContinuousClock.now
        do {
            try FileIO.syncDirectory(of: path, sync: options.sync)
        } catch {
            failure = "fsync of the directory after sealing failed"
            throw JournalError.writerFailed(path: path, cause: failure ?? "")
        }
        fault(.sealAfterDirSync)
        // The new file was synced before its rename: every event is on disk.
        acknowledge()
        return SealReport(chunksWritten: chunks, bytesBefore: before, bytesAfter: written, sealedThrough: sealedThrough)
    }

    /// Copies bytes `0..<tailStart` (H0, H1, sealed chunks) of the journal into `temp`.
    private func copyPrefix(to temp: Int32, tempPath: String) throws -> Int {
        let piece = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 16)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < tailStart {
            let want = min(piece, tailStart - done)
            let got = try FileIO.preadFully(fd, into: base, count: want, at: done, path: path)
            guard got == want else { throw JournalError.io(operation: "read (journal shrank)", path: path, errno: EIO) }
            try FileIO.pwriteAll(temp, UnsafeRawBufferPointer(start: base, count: got), at: done, path: tempPath)
            done += got
        }
        return done
    }
}
