/// The bytes a commit of pending lines takes in the journal, counted before it is built, against
/// the one-commit limit (`JournalFormat.maxCommitContent`, 64 MiB).
///
/// Each pending line `{"id":…}` lands as `{"seq":N,"id":…}\n` (`JournalWriter.append`), so it
/// counts its bytes + `{"seq":` + the digits of N + `,` + `\n` − the `{` it shares. A caller
/// that counts its lines here can refuse a too-large commit before building it (`wlog import`
/// of a big file), naming the size; the writer still refuses one on its own.
public struct CommitBudget: Sendable {
    /// The bytes counted so far.
    public private(set) var bytes = 0
    /// The lines counted so far.
    public private(set) var lines = 0
    private var nextSequence: UInt64

    /// A budget for a commit after the journal's `lastSequence`.
    public init(after lastSequence: UInt64) { nextSequence = lastSequence + 1 }

    /// The most bytes one commit may hold.
    public static var limit: Int { JournalFormat.maxCommitContent }

    /// Whether the lines counted so far fit in one commit.
    public var fits: Bool { bytes <= Self.limit }

    /// Counts one pending line of `count` bytes (without a trailing `\n`).
    public mutating func add(lineOf count: Int) {
        bytes += count + LineFormat.committedPrefix.count + decimalDigits(nextSequence) + 1
        lines += 1
        nextSequence += 1
    }

    private func decimalDigits(_ value: UInt64) -> Int {
        var digits = 1, rest = value
        while rest >= 10 { rest /= 10; digits += 1 }
        return digits
    }
}
