/// A page of a lifter's change feed: committed events as the journal holds them.
public struct EventFeedPage: Sendable, Equatable {
    /// One event: its sequence number in the lifter's stream and its canonical JSON line.
    public struct Line: Sendable, Equatable {
        public var seq: UInt64
        public var line: String

        public init(seq: UInt64, line: String) {
            self.seq = seq
            self.line = line
        }
    }

    /// The events after the cursor, oldest first.
    public var lines: [Line]
    /// The cursor to ask with next: the last sequence handed out (the request's cursor when none).
    public var next: UInt64
    /// Whether more events follow `next` already.
    public var hasMore: Bool

    public init(lines: [Line], next: UInt64, hasMore: Bool) {
        self.lines = lines
        self.next = next
        self.hasMore = hasMore
    }
}
