import PropertyBased
import Testing
import WlogCore

@Suite("Replay and as-of")
struct ReplayTests {
    /// A journal of mixed events: sets, edits, deletes, a discarded workout, body weights.
    static func journal(_ n: Int) -> [Event] {
        var j = JournalBuilder()
        var workout: EventID?
        var lastSet: EventID?
        for i in 0..<n {
            let at = Clock.monday.adding(milliseconds: Int64(i) * 3_600_000)
            switch i % 7 {
            case 0: workout = j.append(.workoutStarted(WorkoutStarted(name: "W\(i)")), at: at)
            case 1, 2: lastSet = j.set(i % 2 == 0 ? "squat" : "bench-press", .kg(Double(60 + i)), 1 + i % 5, at: at, workout: workout)
            case 3: lastSet = j.set("pull-up", .kg(0), 8, at: at)
            case 4: if let lastSet { j.append(.setEdited(SetEdited(set: lastSet, reps: 3)), at: at) } else { j.set("squat", .kg(1), 1, at: at) }
            case 5: j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(Double(80 + i % 3)))), at: at)
            default:
                if let workout, i % 2 == 0 { j.append(.workoutDiscarded(WorkoutDiscarded(workout: workout)), at: at) }
                else if let lastSet { j.append(.setDeleted(SetDeleted(set: lastSet)), at: at) }
                else { j.set("squat", .kg(1), 1, at: at) }
            }
        }
        return j.events
    }

    @Test func replayingTwiceGivesEqualStates() async {
        await propertyCheck(input: Gen.int(in: 0...60)) { n in
            let events = ReplayTests.journal(n)
            let a = WlogState.replay(events, from: FixtureLibrary.state)
            let b = WlogState.replay(events, from: FixtureLibrary.state)
            #expect(a == b)
            var c = a
            c.replay(events)  // every id already seen: nothing changes
            #expect(c == a)
        }
    }

    @Test func asOfSequenceEqualsPrefix() async {
        await propertyCheck(input: Gen.int(in: 0...60), Gen.int(in: 0...70)) { n, cut in
            let events = ReplayTests.journal(n)
            let asOf = WlogState.replay(events, upTo: .sequence(UInt64(cut)), from: FixtureLibrary.state)
            let prefix = WlogState.replay(events.prefix(cut), from: FixtureLibrary.state)
            #expect(asOf == prefix)
            #expect(asOf.lastSeq == UInt64(min(cut, n)))
        }
    }

    @Test func asOfInstantUsesRecordedAt() {
        var j = JournalBuilder()
        // Performed on Jan 1, but appended on Jan 5 at 00:00:01.
        let s = j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 1, 10))
        j.append(.setEdited(SetEdited(set: s, reps: 3)), at: Clock.at(2026, 1, 1, 10))
        let base = FixtureLibrary.state
        #expect(WlogState.replay(j.events, upTo: .instant(Clock.at(2026, 1, 4, 0)), from: base).setCount == 0)
        let between = WlogState.replay(j.events, upTo: .instant(Clock.at(2026, 1, 5, 0).adding(milliseconds: 1500)), from: base)
        #expect(between.set(s)?.reps == 5)
        let after = WlogState.replay(j.events, upTo: .instant(Clock.at(2026, 1, 5, 0).adding(milliseconds: 2000)), from: base)
        #expect(after.set(s)?.reps == 3)
    }
}

@Suite("Presized replay")
struct PresizedReplayTests {
    /// Room reserved for more, fewer or exactly the events changes nothing a replay gives.
    @Test(arguments: [0, 1, 5, 40, 10_000])
    func reservingChangesNothing(_ room: Int) {
        let events = ReplayTests.journal(40)
        let plain = WlogState.replay(events, from: FixtureLibrary.state)
        var presized = FixtureLibrary.state
        presized.reserveCapacity(events: room)
        presized.replay(events)
        #expect(presized == plain)
        #expect(presized.liveSets == plain.liveSets)
        presized.reserveCapacity(events: room * 2)
        #expect(presized == plain)
    }
}
