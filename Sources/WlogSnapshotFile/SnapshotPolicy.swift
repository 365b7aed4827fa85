/// Whether snapshots are used, and after how many events folded past one it is rewritten: one rule
/// for the CLI and the server, from the environment (`WLOG_SNAPSHOT=off` disables reading and
/// writing them; `WLOG_SNAPSHOT_EVENTS`, default 4,000, is the threshold).
package struct SnapshotPolicy: Sendable, Equatable {
    /// Events folded past the snapshot before it is rewritten: fewer than the room the snapshot
    /// leaves after its arrays (`StateSnapshot.room`), so that the tail appends to the borrowed
    /// arrays in place, and a tail fold costs a few milliseconds at most.
    package static let defaultThreshold: UInt64 = 4_000

    /// Whether snapshots are read and written at all.
    package var enabled: Bool
    /// Events folded past the snapshot (or from the start, without one) before one is written.
    package var threshold: UInt64

    package init(enabled: Bool = true, threshold: UInt64 = SnapshotPolicy.defaultThreshold) {
        self.enabled = enabled
        self.threshold = threshold
    }

    /// The policy `environment` sets.
    package init(environment: [String: String]) {
        if let mode = environment["WLOG_SNAPSHOT"]?.lowercased(), ["off", "0", "no", "false"].contains(mode) {
            self.init(enabled: false, threshold: 0)
        } else {
            self.init(threshold: environment["WLOG_SNAPSHOT_EVENTS"].flatMap { UInt64($0) } ?? Self.defaultThreshold)
        }
    }

    /// Whether a state `ahead` events past its snapshot (or its first event, without one) is
    /// worth a new snapshot.
    package func wantsSnapshot(ahead: UInt64) -> Bool { enabled && ahead > threshold }
}
