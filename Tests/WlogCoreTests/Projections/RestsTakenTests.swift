import Testing
@testable import WlogCore

/// `set.rested` (issue 19's new event): decide refuses what is not a rest after a live set, the
/// projection takes the latest rest of a set whatever order the events arrive in, and the kept
/// events survive a snapshot.
@Suite("Rests taken")
struct RestsTakenTests {
    /// A state with two bench sets (ids 1001, 1002) and their rests recorded a minute apart.
    static func twoSets() throws -> (state: WlogState, first: EventID, second: EventID) {
        let ids = CountingIDs()
        let logged = try decide(.logSets(LogSets(exercise: "bench-press", reps: 5, weight: Mass("100", unit: .kg), count: 2)),
                                state: FixtureLibrary.state,
                                context: DecideContext(now: Clock.monday, offsetMinutes: 60, actor: "user", nextID: ids.make))
        #expect(logged.count == 2)
        return (WlogState.replay(logged, from: FixtureLibrary.state), logged[0].id, logged[1].id)
    }

    /// A decide context whose ids (from 9001) are not the sets'.
    static func later() -> DecideContext {
        let ids = CountingIDs()
        ids.next = 9_000
        return DecideContext(now: Clock.monday.adding(milliseconds: 600_000), offsetMinutes: 60, actor: "user", nextID: ids.make)
    }

    static func rest(_ set: EventID, _ milliseconds: Int64, minute: Int64, id: UInt64) -> Event {
        let at = Clock.monday.adding(milliseconds: minute * 60_000)
        return Event(envelope: Envelope(id: eid(id), occurred: ZonedInstant(at, offsetMinutes: 60), recorded: at),
                     payload: .setRested(SetRested(set: set, durationMilliseconds: milliseconds)))
    }

    @Test func decideRecordsARestAfterALiveSet() throws {
        let (state, first, _) = try Self.twoSets()
        let events = try decide(.record(SetRested(set: first, durationMilliseconds: 150_000)), state: state, context: Self.later())
        #expect(events.map(\.payload) == [.setRested(SetRested(set: first, durationMilliseconds: 150_000))])
        #expect(WlogState.replay(events, from: state).restsTaken() == [first: 150_000])
    }

    @Test func decideRefusesAnUnknownOrDeletedSetAndARestOutOfRange() throws {
        let (state, first, second) = try Self.twoSets()
        #expect(refusal(.record(SetRested(set: eid(7), durationMilliseconds: 90_000)), state)?.message
                == "set: 00000000 is unknown — no set has this id; see `wlog history`")
        #expect(refusal(.record(SetRested(set: first, durationMilliseconds: 400)), state)?.message
                == "rest: 0:00 is not allowed — a rest between sets is 0:01 to 60:00, e.g. 90s, 2:30 or 3m")
        #expect(refusal(.record(SetRested(set: first, durationMilliseconds: 3_600_001)), state)?.message
                == "rest: 1:00:00 is not allowed — a rest between sets is 0:01 to 60:00, e.g. 90s, 2:30 or 3m")
        #expect(refusal(.record(SetRested(set: first, durationMilliseconds: 3_600_000)), state) == nil)
        let deleted = WlogState.replay(try decide(.deleteSet(id: second, reason: nil), state: state, context: Self.later()), from: state)
        #expect(refusal(.record(SetRested(set: second, durationMilliseconds: 90_000)), deleted)?.message
                == "set: 00000000 is already deleted — a deleted set cannot be edited or deleted again")
    }

    @Test func theLatestRestOfASetWinsInEveryArrivalOrder() throws {
        let (state, first, second) = try Self.twoSets()
        // Two rests of the first set (the later one corrects it) and one of the second.
        let rests = [Self.rest(first, 120_000, minute: 10, id: 5_001), Self.rest(first, 135_000, minute: 11, id: 5_002),
                     Self.rest(second, 180_000, minute: 12, id: 5_003)]
        for order in [[0, 1, 2], [1, 0, 2], [2, 1, 0], [1, 2, 0]] {
            let replayed = WlogState.replay(order.map { rests[$0] }, from: state)
            #expect(replayed.restsTaken() == [first: 135_000, second: 180_000], "order \(order)")
        }
        // The same recorded-at: the greater id wins.
        let tie = [Self.rest(first, 100_000, minute: 10, id: 5_009), Self.rest(first, 110_000, minute: 10, id: 5_008)]
        #expect(WlogState.replay(tie, from: state).restsTaken() == [first: 100_000])
        #expect(WlogState.replay(tie.reversed(), from: state).restsTaken() == [first: 100_000])
    }

    @Test func keptEventsSurviveTheSnapshot() throws {
        let (state, first, _) = try Self.twoSets()
        var withRests = WlogState.replay([Self.rest(first, 150_000, minute: 10, id: 5_001)], from: state)
        withRests.apply(Event(envelope: Envelope(id: eid(6_001), occurred: ZonedInstant(Clock.monday, offsetMinutes: 60), recorded: Clock.monday),
                              payload: .readinessRecorded(ReadinessRecorded(sleep: Rating(4), pain: true))))
        let (_, decoded) = try StateSnapshot.decode(StateSnapshot.encode(withRests, stamp: SnapshotTests.stamp(withRests)))
        #expect(decoded.kept == withRests.kept)
        #expect(decoded.restsTaken() == [first: 150_000])
        #expect(decoded.readiness.map(\.readiness) == [ReadinessRecorded(sleep: Rating(4), pain: true)])
        // A set's rest is not a record: the kept type drops no cached records.
        #expect(EventType.setRested.described.changesAnyRecord == false && EventType.setRested.described.fold == .kept)
    }
}
