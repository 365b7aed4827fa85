import Testing
@testable import WlogCore

/// Readiness check-ins made on two devices before they synced (docs/SYNC.md, "Concurrent
/// edits"): every reader of them — the recovery advice, the red flags, the whole coach report —
/// picks and orders check-ins by their instant, then id, so each arrival order gives the same
/// report, though `WlogState.readiness` lists them in journal order.
@Suite struct ReadinessArrivalTests {
    static func checkIn(_ n: UInt64, minute: Int64, device: UInt64, _ readiness: ReadinessRecorded) -> Event {
        ConcurrentChangesTests.event(n, minute: minute, device: device, .readinessRecorded(readiness))
    }

    /// Phone (0xa) and watch (0xb): two check-ins in the same millisecond (minute 40), the watch's
    /// id the greater; pain on both devices; a low mobility once.
    static let checkIns = [
        checkIn(1, minute: 10, device: 0xa, ReadinessRecorded(sleep: Rating(2), pain: true, note: "knee")),
        checkIn(2, minute: 10, device: 0xb, ReadinessRecorded(sleep: Rating(4))),
        checkIn(3, minute: 20, device: 0xa, ReadinessRecorded(mobility: Rating(1))),
        checkIn(4, minute: 30, device: 0xb, ReadinessRecorded(soreness: Rating(5), pain: true, note: "shoulder")),
        checkIn(5, minute: 40, device: 0xa, ReadinessRecorded(soreness: Rating(2), sleep: Rating(5))),
        checkIn(5, minute: 40, device: 0xb, ReadinessRecorded(soreness: Rating(5), sleep: Rating(1))),
    ]

    static let context = QueryContext(now: ConcurrentChangesTests.base.adding(milliseconds: 3_600_000))

    @Test(arguments: 0..<12)
    func everyArrivalOrderGivesTheSameCoachReport(seed: UInt64) throws {
        var g = EventSamples.SeededRNG(seed: seed)
        let order = seed == 0 ? Self.checkIns : seed == 1 ? Self.checkIns.reversed() : Self.checkIns.shuffled(using: &g)
        let state = ConcurrentChangesTests.fold(order)
        let inOrder = ConcurrentChangesTests.fold(Self.checkIns)
        #expect(state.coachReport(context: Self.context) == inOrder.coachReport(context: Self.context))
        // The latest check-in is the watch's of minute 40 (same millisecond, greater id).
        let recovery = try #require(state.recoveryAdvice(context: Self.context))
        #expect(recovery.checkIn == Self.checkIns[5].readinessEntry && recovery.advice == .restDay)
        let flags = state.redFlags(context: Self.context)
        #expect(flags.painFlag && flags.painReports == [Self.checkIns[0].readinessEntry, Self.checkIns[3].readinessEntry])
        #expect(flags.lowMobilityDays.count == 1 && !flags.mobilityFlag)
    }
}

extension Event {
    /// The check-in this `readiness.recorded` event is, as `WlogState.readiness` lists it.
    fileprivate var readinessEntry: ReadinessEntry {
        guard case .readinessRecorded(let p) = payload else { preconditionFailure("not a check-in") }
        return ReadinessEntry(id: id, at: envelope.occurred, readiness: p)
    }
}
