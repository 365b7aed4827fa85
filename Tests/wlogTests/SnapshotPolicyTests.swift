import Testing
@testable import WlogCore
@testable import wlog

/// The snapshot is rewritten before its tail outgrows the room after its arrays, so a tail
/// replayed after it appends to the borrowed arrays in place (`StateSnapshot.room`).
@Suite struct SnapshotPolicyTests {
    @Test func theRewriteThresholdFitsTheRoom() {
        #expect(JournalSession.defaultSnapshotThreshold <= StateSnapshot.room)
    }
}
