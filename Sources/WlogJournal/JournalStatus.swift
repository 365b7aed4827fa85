/// One problem found in a journal file, with the byte range it covers.
public struct JournalFault: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Equatable {
        /// H0 or H1 is missing or wrong: the file is not a readable journal.
        case header
        /// A bad or incomplete frame with nothing good after it: a torn write (or one in progress).
        case tornTail
        /// A bad frame followed by good frames: corruption, not a crash.
        case damaged
        /// A bad or incomplete last frame, or a file that ends early, where the journal had
        /// acknowledged events (`Acknowledgement`): damage, not a torn write.
        case damagedTail
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The first bad byte (the end of the good prefix).
    public var offset: Int
    /// One past the last bad byte: the file size for a torn or damaged tail, the next good frame for damage.
    public var end: Int
    /// What was wrong with the first bad frame, e.g. "LZ4 content checksum mismatch".
    public var reason: String

    public var description: String {
        switch kind {
        case .header: "header damaged at bytes \(offset)..<\(end): \(reason)"
        case .tornTail: "torn or incomplete tail at bytes \(offset)..<\(end): \(reason)"
        case .damaged: "damaged frames at bytes \(offset)..<\(end) followed by good frames: \(reason)"
        case .damagedTail: "damaged end at bytes \(offset)..<\(end), acknowledged events missing: \(reason)"
        }
    }
}

/// What a read, an open or a verification found in a journal file.
///
/// `faults` empty means every frame, checksum, chunk digest, the chain and the sequence are good.
public struct JournalStatus: Sendable, Equatable {
    /// The journal's path.
    public var path: String
    /// The journal id from the header, when the header could be read.
    public var journalID: String?
    /// The file size when it was read.
    public var fileSize: Int
    /// The last sequence number of the good prefix (0 when empty); equal to its event count.
    public var lastSequence: UInt64
    /// Sealed chunks in the good prefix.
    public var chunkCount: Int
    /// Hot-tail commit frames in the good prefix.
    public var commitCount: Int
    /// Chain value after the last sealed chunk, 64 hex digits (all zeros when nothing is sealed).
    public var chainHead: String
    /// The last sequence covered by the chain (0 when nothing is sealed).
    public var sealedThrough: UInt64
    /// End of the good prefix in bytes.
    public var validBytes: Int
    /// Problems found; empty when the journal is clean.
    public var faults: [JournalFault]

    /// The number of events in the good prefix.
    public var eventCount: UInt64 { lastSequence }
    /// Whether nothing is wrong.
    public var isClean: Bool { faults.isEmpty }

    /// A human-readable account: what was found, the byte ranges, and what to do.
    public var summary: String {
        var text = "journal \(path): \(lastSequence) events, \(chunkCount) sealed chunks, "
            + "\(commitCount) tail commits, chain head \(chainHead) (through seq \(sealedThrough))"
        for fault in faults {
            text += "\n  \(fault)"
        }
        if let advice { text += "\n  what to do: \(advice)" }
        return text
    }

    /// What the user should do about the faults, if any.
    public var advice: String? {
        guard let first = faults.first else { return nil }
        switch first.kind {
        case .header:
            return "the file does not start with a wlog journal header; restore it from a backup"
        case .tornTail:
            return "a write was interrupted; the next wlog write (or `wlog repair`) moves bytes "
                + "\(first.offset)..<\(first.end) to \(path)\(JournalFormat.quarantineSuffix)/ and keeps events 1…\(lastSequence)"
        case .damaged, .damagedTail:
            return "events 1…\(lastSequence) are readable; writing is refused. Run `wlog repair` to move bytes "
                + "\(first.offset)..<\(fileSize) to \(path)\(JournalFormat.quarantineSuffix)/ (readable events after "
                + "the damage are saved there as JSON lines for `wlog append events --salvage`), or restore from a backup"
        }
    }
}

/// What a recovery or a repair did: which bytes moved to quarantine and what remains.
public struct RecoveryReport: Sendable, Equatable, CustomStringConvertible {
    /// The fault that was handled.
    public var fault: JournalFault
    /// The journal's size before.
    public var previousSize: Int
    /// The file in the quarantine directory that now holds bytes `fault.offset..<previousSize`.
    public var quarantinePath: String
    /// A JSON-lines file of pending events readable after the damage (repair only), if any.
    public var salvagePath: String?
    /// How many events the salvage file holds.
    public var salvagedEvents: Int
    /// The journal's last sequence after the repair.
    public var lastSequence: UInt64

    public var description: String {
        var text = "moved bytes \(fault.offset)..<\(previousSize) (\(fault.reason)) to \(quarantinePath); "
            + "journal now ends at sequence \(lastSequence)"
        if let salvagePath {
            text += "; \(salvagedEvents) readable events of the moved bytes saved to \(salvagePath) "
                + "(re-append with `wlog append events --salvage \(salvagePath)`: what passes is appended, the rest kept aside with the reason)"
        }
        return text
    }
}
