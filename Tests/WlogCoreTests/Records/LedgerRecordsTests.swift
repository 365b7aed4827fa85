import Testing
@testable import WlogCore

/// Records computed from the set ledger's rows (`WlogState.recordsFromLedger`: what `prs`,
/// `history` and an append's PR announcement use) are those of `PersonalRecords` over the same
/// live sets made into `LoggedSet`s: every record, PR flag, rep-PR set and latest key.
@Suite("Records from the ledger")
struct LedgerRecordsTests {
    /// SnapshotTests' history (strength, a custom exercise, cardio, edits to lb, deletes,
    /// discarded workouts, back-dated sets, warm-ups, sets not done) plus body-weight, timed and
    /// assisted sets, one with reps too large for a row's 32 bits, and missed attempts (reps 0).
    static func state(seed: UInt64) -> WlogState {
        var events = SnapshotTests.history(seed: seed, count: 1_200)
        var seq = (events.map(\.seq).max() ?? 0) + 1
        var clock: Int64 = 1_800_000_000_000
        func log(_ p: SetLogged) {
            clock += 3_600_000
            let at = ZonedInstant(Instant(millisecondsSince1970: clock - (seq % 7 == 0 ? 200_000_000 : 0)), offsetMinutes: 60)
            events.append(Event(envelope: Envelope(seq: seq, id: EventID(high: 7, low: seq), occurred: at,
                                                   recorded: Instant(millisecondsSince1970: clock), actor: "user"),
                                payload: .setLogged(p)))
            seq += 1
        }
        for k in 0..<40 {
            log(SetLogged(exercise: "pull-up", reps: 3 + k % 9, weight: k % 3 == 0 ? nil : .kg(Double(k % 5) * 2.5)))
            log(SetLogged(exercise: "dip", reps: 5 + k % 4, weight: k % 4 == 0 ? .lb(Double(k) * 2.5) : nil, rpe: RPE(8)))
            log(SetLogged(exercise: "plank", durationMilliseconds: Int64(30 + k * 7 % 50) * 1000))
            log(SetLogged(exercise: "assisted-pull-up", reps: 8, weight: .kg(20)))
            // Missed attempts (reps 0): heavier than anything, never a record.
            if k % 9 == 0 {
                log(SetLogged(exercise: "pull-up", reps: 0, weight: .kg(50)))
                log(SetLogged(exercise: "plank", reps: 0, durationMilliseconds: 500_000))
            }
        }
        log(SetLogged(exercise: "dip", reps: 5_000_000_000, weight: .kg(1)))
        return WlogState.replay(events)
    }

    /// The records of every exercise computed from `LoggedSet`s, by exercise id.
    static func fromLoggedSets(_ state: WlogState, repTargets: [Int]? = nil) -> [RecordsCacheTests.Table] {
        let live = state.liveSets
        return state.sets.exerciseIDs.compactMap { id in
            state.exercise(id).map {
                RecordsCacheTests.Table(state.personalRecords(of: $0, sets: live.filter { $0.exercise == id }, repTargets: repTargets))
            }
        }.sorted { $0.exercise < $1.exercise }
    }

    @Test("every exercise's records match those computed from LoggedSets", arguments: [21, 22, 23] as [UInt64])
    func everyExercise(seed: UInt64) {
        let state = Self.state(seed: seed)
        #expect(state.recordsCache.isEmpty)
        for targets in [nil, [2, 4], [1, 3, 5, 8, 10]] as [[Int]?] {
            let fromRows = state.everyExerciseRecords(repTargets: targets).map(RecordsCacheTests.Table.init)
                .sorted { $0.exercise < $1.exercise }
            #expect(fromRows == Self.fromLoggedSets(state, repTargets: targets))
        }
        for table in Self.fromLoggedSets(state) {
            #expect(state.personalRecords(ofExercise: table.exercise).map(RecordsCacheTests.Table.init) == table)
        }
    }

    @Test("history's PR flags match those computed from LoggedSets")
    func historyFlags() {
        let state = Self.state(seed: 24)
        let context = QueryContext(now: Instant(millisecondsSince1970: 1_900_000_000_000), offsetMinutes: 60, unit: .kg)
        let live = state.liveSets
        var expected: [EventID: [RecordKind]] = [:]
        for id in Set(live.map(\.exercise)) {
            let records = state.personalRecords(of: state.exerciseOrStandIn(id), sets: live.filter { $0.exercise == id })
            expected.merge(records.prsBySet) { a, _ in a }
        }
        for page in [HistoryFilter(limit: 3), HistoryFilter(limit: 1_000)] {
            let flags = state.history(page, context: context).workouts.flatMap(\.prs)
            for flagged in flags { #expect(flagged.records == expected[flagged.set]) }
            if page.limit == 1_000 { #expect(flags.count == expected.count, "every PR set flagged on the pages") }
        }
        // Every live set is in a workout: each PR set is flagged once over all of them.
        #expect(state.workoutSummaries(context: context).flatMap(\.prs).count == expected.count)
        #expect(expected.count > 50)
    }

    @Test("exact records of a body-weight exercise read from rows")
    func bodyweightExact() throws {
        var events: [Event] = []
        for (k, (reps, weight)) in [(8, nil), (10, nil), (6, Mass.kg(10)), (6, Mass.kg(10)), (3, Mass.lb(45))].enumerated() {
            let ms = 1_800_000_000_000 + Int64(k) * 86_400_000
            events.append(Event(envelope: Envelope(seq: UInt64(k + 1), id: EventID(high: 9, low: UInt64(k + 1)),
                                                   occurred: ZonedInstant(Instant(millisecondsSince1970: ms), offsetMinutes: 0),
                                                   recorded: Instant(millisecondsSince1970: ms), actor: "user"),
                                payload: .setLogged(SetLogged(exercise: "pull-up", reps: reps, weight: weight))))
        }
        let records = try #require(WlogState.replay(events).personalRecords(ofExercise: "pull-up"))
        #expect(records.record(.maxReps)?.value == .reps(10))
        #expect(records.record(.maxReps)?.set == EventID(high: 9, low: 2))
        // 45 lb = 20.4117 kg beats 10 kg; its own unit is kept.
        #expect(records.record(.heaviest)?.value == .mass(.lb(45)))
        #expect(records.record(.heaviest)?.weight == .lb(45))
        #expect(records.record(.repMax(5))?.value == .mass(.kg(10)))
        #expect(records.record(.repMax(5))?.set == EventID(high: 9, low: 3))
        #expect(records.prs(of: EventID(high: 9, low: 1)) == [.maxReps])
        #expect(records.prs(of: EventID(high: 9, low: 3)).contains(.heaviest))
        #expect(records.prs(of: EventID(high: 9, low: 4)) == [])
        #expect(records.repPRSetsInOrder.map(\.id.low) == [1, 2, 3, 5])
    }
}
