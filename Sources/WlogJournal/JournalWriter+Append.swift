#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalWriter {
    /// Appends one commit of pending lines (see `LineFormat`): all land together or none do.
    ///
    /// Each line must start with `{"id":"`, end with `}` (a trailing `\n` is optional) and hold no
    /// other `\n`; any bad line refuses the whole commit. Events whose id the journal (or this
    /// commit) already holds are skipped and listed in `duplicates`. The rest get dense sequence
    /// numbers `lastSequence + 1…` spliced in as `{"seq":N,…`, are written as one frame with one
    /// `write` and, with full durability, synced before this returns (`JournalOptions.Durability`).
    /// Afterwards the writer key is kept with the file's new identity (`WriterKey.record`), at
    /// most once per `JournalOptions.keyRecordInterval`.
    /// - Parameters:
    ///   - expectedLastSequence: if given and not the journal's last sequence, nothing is
    ///     appended and `JournalError.conflict` is thrown.
    ///   - known: the caller's ids of events `1…known.through` (`KnownEvents`), so that a writer
    ///     opened with `.trailers` need not decompress sealed chunks to find duplicates. Without
    ///     it, such a writer indexes the sealed ids on this append (once). A `through` past the
    ///     journal's last sequence is a conflict.
    public func append(_ pending: [String], expectedLastSequence: UInt64? = nil, known: KnownEvents? = nil) throws -> AppendReceipt {
        try append(lines: pending.map { Array($0.utf8) }, expectedLastSequence: expectedLastSequence, known: known)
    }

    /// `append(_:expectedLastSequence:known:)` for lines given as UTF-8 bytes.
    public func append(lines pending: [[UInt8]], expectedLastSequence: UInt64? = nil,
                       known: KnownEvents? = nil) throws -> AppendReceipt {
        try checkUsable()
        var checked: [(body: ArraySlice<UInt8>, id: Range<Int>)] = []
        checked.reserveCapacity(pending.count)
        for (index, line) in pending.enumerated() {
            switch LineFormat.validatePending(line) {
            case let .success(ok): checked.append(ok)
            case let .failure(refusal): throw JournalError.invalidLine(index: index, reason: refusal.reason)
            }
        }
        if let expected = expectedLastSequence, expected != lastSequence {
            throw JournalError.conflict(expected: expected, actual: lastSequence)
        }
        if let known, known.through > lastSequence {
            throw JournalError.conflict(expected: known.through, actual: lastSequence)
        }
        try index(after: known?.through ?? 0)
        var inCommit = IDSet()
        var duplicates: [String] = []
        var appended: [AppendReceipt.Appended] = []
        var content: [UInt8] = []
        content.reserveCapacity(checked.reduce(0) { $0 + $1.body.count + 24 })
        for (index, line) in checked.enumerated() {
            let isNew = line.body.withUnsafeBytes { raw in
                let id = UnsafeRawBufferPointer(rebasing: raw[line.id])
                return !holds(id, known: known) && inCommit.insert(id)
            }
            let id = String(decoding: line.body[(line.body.startIndex + line.id.lowerBound)...].prefix(line.id.count), as: UTF8.self)
            guard isNew else { duplicates.append(id); continue }
            let seq = lastSequence + UInt64(appended.count) + 1
            content.append(contentsOf: LineFormat.committedPrefix)
            content.append(contentsOf: String(seq).utf8)
            content.append(UInt8(ascii: ","))
            content.append(contentsOf: line.body.dropFirst())
            content.append(UInt8(ascii: "\n"))
            guard content.count <= JournalFormat.maxCommitContent else {
                throw JournalError.invalidLine(index: index, reason: "the commit exceeds \(JournalFormat.maxCommitContent) bytes; split it")
            }
            appended.append(.init(seq: seq, id: id))
        }
        guard !appended.isEmpty else {
            return AppendReceipt(appended: [], duplicates: duplicates, lastSequence: lastSequence)
        }
        let frame = try content.withUnsafeBytes { try encoder.encode($0, sealed: false) }
        try writeCommit(frame)
        fault(.appendAfterWrite)
        var synced = false
        switch options.durability {
        case .full:
            try syncJournal()
            synced = true
        case .relaxed:
            dirty = true
            if ContinuousClock.now - lastSync >= .seconds(1) {
                try syncJournal()
                synced = true
            }
        case .byCaller:
            break
        }
        fileEnd += frame.count
        lastSequence += UInt64(appended.count)
        if synced { acknowledge() }
        tailBytes += content.count
        commitCount += 1
        for line in checked {
            line.body.withUnsafeBytes { raw in _ = ids.insert(UnsafeRawBufferPointer(rebasing: raw[line.id])) }
        }
        fault(.appendAfterSync)
        var receipt = AppendReceipt(appended: appended, duplicates: duplicates, lastSequence: lastSequence)
        if tailBytes > options.sealThreshold {
            do { receipt.sealed = try seal() } catch let error as JournalError { receipt.sealError = error }
        }
        if let last = keyRecorded, ContinuousClock.now - last < options.keyRecordInterval {
            keyUnrecorded = true
        } else {
            recordKey()
        }
        return receipt
    }

    /// Writes one commit frame at the end; on failure truncates back to the previous end.
    private func writeCommit(_ frame: [UInt8]) throws {
        changes += 1
        do {
            try frame.withUnsafeBytes { raw in
                if options.faultHook != nil {
                    let half = raw.count / 2
                    try FileIO.pwriteAll(fd, UnsafeRawBufferPointer(rebasing: raw[..<half]), at: fileEnd, path: path)
                    fault(.appendMidWrite)
                    try FileIO.pwriteAll(fd, UnsafeRawBufferPointer(rebasing: raw[half...]), at: fileEnd + half, path: path)
                } else {
                    try FileIO.pwriteAll(fd, raw, at: fileEnd, path: path)
                }
            }
        } catch {
            if ftruncate(fd, off_t(fileEnd)) != 0 {
                failure = "write failed and truncating back to \(fileEnd) failed too (errno \(errno))"
            }
            throw error
        }
    }
}
