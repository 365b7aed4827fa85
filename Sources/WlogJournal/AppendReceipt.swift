/// What one `append` did.
public struct AppendReceipt: Sendable, Equatable {
    /// An event written by the commit.
    public struct Appended: Sendable, Equatable {
        public var seq: UInt64
        public var id: String
    }

    /// The events written, in sequence order (empty when every event was a duplicate).
    public var appended: [Appended]
    /// Ids skipped because the journal (or the same commit) already had them, in input order.
    public var duplicates: [String]
    /// The journal's last sequence after the commit.
    public var lastSequence: UInt64
    /// The automatic seal that followed the commit, if one ran and succeeded.
    public var sealed: SealReport?
    /// Why an automatic seal failed, if it did; the commit itself is durable regardless.
    public var sealError: JournalError?
}

/// What one seal did.
public struct SealReport: Sendable, Equatable {
    /// New sealed chunks written from the hot tail (0 when the tail was empty).
    public var chunksWritten: Int
    /// The file size before and after.
    public var bytesBefore: Int
    public var bytesAfter: Int
    /// The last sequence now in sealed chunks.
    public var sealedThrough: UInt64
}
