/// Why `decide` refused a command: the field, the offending value and what would be accepted.
///
/// The message reads `set.reps: 0 is not allowed — a strength set needs reps ≥ 1`. Nothing is
/// appended when a command is refused; the CLI exits 65.
@PublicInit
public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending field, dotted: `set.reps`, `bodyweight.weight`, `workout`.
    public var field: String
    /// The offending value as the lifter would write it (`0`, `"benhc"`, `none`).
    public var value: String
    /// What is wrong: `is not allowed`, `is unknown`, `is already deleted` …
    public var problem: String = "is not allowed"
    /// What would be accepted, or how to fix it.
    public var allowed: String
    /// Candidates to offer (closest exercise names), best first.
    public var suggestions: [String] = []

    /// `field: value problem — allowed`.
    public var message: String { field + ": " + value + " " + problem + " — " + allowed }

    public var description: String { message }
}
