/// Telling a torn tail from damage, and finding the good frames that follow damage.
extension JournalScanner {
    /// The fault at `problem`, classified: header, torn tail (nothing good after it), or damage
    /// (a good frame follows). Nil when the scan ended cleanly.
    /// With `acknowledged` set (`Acknowledgement`), a good prefix that ends before the events
    /// acknowledged — a bad last frame or a file cut short — is damage (`damagedTail`), not a torn
    /// write: a commit acknowledged after its sync cannot have been torn.
    func classify() throws -> JournalFault? {
        let kept = nextSeq - 1
        guard let problem else {
            guard kept < acknowledged else { return nil }
            return JournalFault(kind: .damagedTail, offset: offset, end: file.size,
                                reason: "events \(kept + 1)…\(acknowledged) were acknowledged but the file ends after event \(kept)")
        }
        if headerProblem {
            return JournalFault(kind: .header, offset: problem.offset, end: file.size, reason: problem.reason)
        }
        var nextGood: Int?
        try forEachGoodFrame(after: problem.offset) { range, _ in
            nextGood = range.lowerBound
            return false
        }
        if let nextGood {
            return JournalFault(kind: .damaged, offset: problem.offset, end: nextGood, reason: problem.reason)
        }
        if kept < acknowledged {
            return JournalFault(kind: .damagedTail, offset: problem.offset, end: file.size,
                                reason: problem.reason + "; events \(kept + 1)…\(acknowledged) there were acknowledged")
        }
        return JournalFault(kind: .tornTail, offset: problem.offset, end: file.size, reason: problem.reason)
    }

    /// Calls `body` with each good LZ4 frame found after `start` (whole lines, valid ids and dense
    /// sequence numbers inside the frame, all checksums good), until it returns false.
    ///
    /// Candidates are found by searching for the LZ4 magic byte by byte, so a frame whose own
    /// header was damaged is skipped and the search resumes after it.
    func forEachGoodFrame(after start: Int, _ body: (Range<Int>, UnsafeRawBufferPointer) throws -> Bool) throws {
        let magic = JournalFormat.lz4Magic.littleEndianBytes
        var from = start + 1
        while let candidate = try file.find(magic, from: from) {
            from = candidate + 1
            guard case let .success(frame) = try Frame.parse(file, at: candidate), frame.hasContentChecksum,
                  let size = frame.contentSize, size <= UInt64(JournalFormat.maxCommitContent),
                  let bytes = try file.bytes(at: candidate, count: frame.length),
                  case let .success(content) = decoder.decode(bytes, contentSize: Int(size)),
                  checkLines(content, firstSeq: nil) == nil
            else { continue }
            guard try body(candidate..<(candidate + frame.length), content) else { return }
            from = candidate + frame.length
        }
    }

    /// The lines of the whole frame at `start` decoded without its checksums, as pending lines
    /// (`pending`), when it is a complete frame whose content is still whole lines: what a torn
    /// tail whose last commit is complete but fails its checksum salvages. Nil otherwise.
    func uncheckedFrame(at start: Int) throws -> (lines: [UInt8], count: Int)? {
        guard case let .success(frame) = try Frame.parse(file, at: start), let size = frame.contentSize,
              size <= UInt64(JournalFormat.maxCommitContent), let bytes = try file.bytes(at: start, count: frame.length),
              case let .success(content) = decoder.decode(bytes, contentSize: Int(size), checked: false),
              checkLines(content, firstSeq: nil) == nil
        else { return nil }
        return (pending(content), lines.count)
    }

    /// The lines of the unit last checked (`lines`, in `content`) without their `seq`: the pending
    /// lines a salvage file holds for `wlog append events --salvage`.
    func pending(_ content: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        for line in lines {
            // {"seq":N,"id":"… → {"id":"…
            out.append(UInt8(ascii: "{"))
            out.append(contentsOf: content[Int(line.idStart - 6)...Int(line.end)])
        }
        return out
    }

    /// The status of the good prefix scanned so far, with `fault` if one was found.
    func status(path: String, fault: JournalFault?) -> JournalStatus {
        JournalStatus(
            path: path, journalID: header?.journal, fileSize: file.size, lastSequence: nextSeq - 1,
            chunkCount: chunkCount, commitCount: commitCount, chainHead: hexString(chain),
            sealedThrough: sealedThrough, validBytes: offset, faults: fault.map { [$0] } ?? []
        )
    }
}
