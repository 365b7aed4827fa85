#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalReader {
    /// `forEachLine(after:_:)` with the file read, decompressed and checked on a second thread
    /// while `body` runs on the caller's.
    ///
    /// Same lines, same order, same checks and the same status as `forEachLine`: the second
    /// thread runs the very scanner `forEachLine` runs and hands each checked unit over (a copy
    /// of its lines, at most `PrefetchedUnits.depth` units ahead: bounded memory). On a long
    /// journal the read (LZ4, XXH32, line checks: a sizeable share of a replay's work)
    /// then overlaps with the fold instead of adding to it. An error thrown by `body` stops the
    /// reading thread before this returns. Linux only (POSIX unnamed semaphores); elsewhere it
    /// is `forEachLine`, as it is when no thread can be started.
    @discardableResult
    public func forEachLinePrefetched(
        after: UInt64 = 0, _ body: (_ seq: UInt64, _ line: UnsafeRawBufferPointer) throws -> Void
    ) throws -> JournalStatus {
        #if os(Linux)
        guard let units = PrefetchedUnits(reader: self, after: after) else { return try forEachLine(after: after, body) }
        defer { units.finish() }
        while true {
            let unit = units.next()
            if let end = unit.end {
                switch end {
                case .status(let status): return status
                case .failure(let error): throw error
                }
            }
            if let base = unit.bytes.baseAddress {
                try Self.deliver(unit.lines, in: base, firstSeq: unit.firstSeq, after: after, to: body)
            }
            units.release()
        }
        #else
        return try forEachLine(after: after, body)
        #endif
    }

    /// The scan both read paths run: every unit, checked; those with lines after `after` handed
    /// to `deliver` (content and lines valid during the call). Returns the final status.
    /// With `prefix` (what the lock holder's open checked) and `after` at or past its end, the walk
    /// starts at the hot tail instead of checking the sealed chunks' trailers and chain again.
    /// Chunks skipped (not decompressed) still have their LZ4 header and block checksums checked,
    /// so a read that starts after them (from a snapshot) finds a changed byte as a full read does.
    /// `sealed`, when given, sees the scanner at the start and after every unit (where the sealed
    /// chunks end and their chain).
    ///
    /// A seal rewrites the hot tail in place (`JournalWriter.seal`), so a reader without the lock
    /// may meet it half written: a scan that ends at a fault while the file changed under it, or
    /// while a seal record is beside it, is run again (at most `attempts` times in all), handing
    /// out only lines after those already handed out.
    func scan(after: UInt64, checkDigests: Bool = false, skipping prefix: SealedPrefix? = nil,
              sealed: ((_ through: UInt64, _ chain: [UInt8]) -> Void)? = nil,
              _ deliver: (ScannedUnit, _ lines: [LineRef]) throws -> Void) throws -> JournalStatus {
        var delivered = after
        var attempt = 1
        while true {
            let before = FileStamp(fd: fd)
            let status = try scanOnce(after: delivered, checkDigests: checkDigests, skipping: attempt == 1 ? prefix : nil,
                                      sealed: sealed) { unit, lines in
                guard delivered > after, unit.firstSeq <= delivered else {
                    try deliver(unit, lines)
                    delivered = unit.lastSeq
                    return
                }
                var rest = unit
                rest.firstSeq = delivered + 1
                try deliver(rest, Array(lines.dropFirst(Int(delivered - unit.firstSeq + 1))))
                delivered = unit.lastSeq
            }
            guard !status.faults.isEmpty, attempt < Self.attempts,
                  FileStamp(fd: fd) != before || JournalWriter.hasSealRecord(at: path) else { return status }
            attempt += 1
        }
    }

    /// How many times `scan` reads a journal that changed under it before it reports a fault.
    static let attempts = 3

    private func scanOnce(after: UInt64, checkDigests: Bool, skipping prefix: SealedPrefix?,
                          sealed: ((_ through: UInt64, _ chain: [UInt8]) -> Void)?,
                          _ deliver: (ScannedUnit, _ lines: [LineRef]) throws -> Void) throws -> JournalStatus {
        let scanner = try JournalScanner(fd: fd, path: path, size: FileIO.size(fd, path: path), checkDigests: checkDigests)
        scanner.checkSkippedBlocks = true
        guard try scanner.readHeader() else {
            throw JournalError.damaged(scanner.status(path: path, fault: try scanner.classify()))
        }
        scanner.acknowledged = Acknowledgement.through(acknowledged, journalID: scanner.header?.journal)
        if let prefix, after >= prefix.sealedThrough, let file = prefix.file, file == FileIdentity.of(fd) {
            scanner.resume(after: prefix)
        }
        sealed?(scanner.sealedThrough, scanner.chain)
        while let unit = try scanner.next(skipThrough: after) {
            if unit.kind == .chunk { sealed?(scanner.sealedThrough, scanner.chain) }
            guard unit.content != nil, unit.lastSeq > after else { continue }
            try deliver(unit, scanner.lines)
        }
        return scanner.status(path: path, fault: try scanner.classify())
    }
}
