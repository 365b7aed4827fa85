#if DEBUG
import Synchronization

/// Counts the record scans resumed from cached records (`RecordScan(resuming:measure:set:)`)
/// within `RecordScanTally.$current.withValue(_:operation:)`: how a debug test sees the work a
/// fold and its reads do for the records cache (one resume per exercise, not one per set).
/// Debug builds only; a release build has no counter.
final class RecordScanTally: Sendable {
    /// The tally of the running task, if a test set one.
    @TaskLocal static var current: RecordScanTally?

    private let resumed = Atomic<Int>(0)

    init() {}

    /// The scans resumed so far.
    var resumes: Int { resumed.load(ordering: .relaxed) }

    /// Counts one resumed scan.
    func noteResume() { resumed.add(1, ordering: .relaxed) }
}
#endif
