import WlogCore

/// The result of reading an export: the events to append in one commit, and the report.
///
/// Envelopes have `seq` 0 (the journal numbers them), deterministic ids (a re-import of an
/// overlapping export yields the same ids, which the journal skips), `recorded` = the options'
/// instant and actor `import:<format>`. Events are in append order: new exercises first, then
/// the workouts oldest first (each `workout.started`, its `set.logged`s, `workout.finished`),
/// then body-weight entries oldest first.
public struct ImportPlan: Sendable {
    /// The events to append.
    public var events: [Event]
    /// Counts, skipped rows and volume.
    public var report: ImportReport
}
