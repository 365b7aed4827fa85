import Testing
@testable import WlogCore

/// The records cache a snapshot carries: with it, every exercise's records, the PR flags history
/// shows and one exercise's records are exactly those computed from the sets, whatever events
/// came after the snapshot (new sets, edits that move a set to another exercise, deletes,
/// discarded workouts, settings and exercise changes).
@Suite("Records cache")
struct RecordsCacheTests {
    /// Everything a `PersonalRecords` answers, comparable.
    struct Table: Equatable {
        var exercise: String
        var kinds: [RecordKind]
        var records: [PersonalRecord]
        var flags: [String]
        var repPRSets: [EventID]
        var isRepPR: [Bool]
        var latest: String?

        init(_ r: PersonalRecords) {
            exercise = r.exercise.id
            kinds = r.kinds
            records = r.records
            flags = r.prsBySet.keys.sorted().map { "\($0.hex) \(r.prsBySet[$0] ?? [])" }
            repPRSets = r.repPRSetsInOrder.map(\.id)
            isRepPR = r.repPRSetsInOrder.map { r.isRepPR($0.id) }
            latest = r.latest.map { "\($0.performed) \($0.recorded) \($0.id.hex)" }
        }
    }

    static func tables(_ state: WlogState) -> [Table] {
        state.everyExerciseRecords().map(Table.init).sorted { $0.exercise < $1.exercise }
    }

    @Test("snapshot with records + the tail answers as the full replay", arguments: [0, 1, 250, 777, 1_200, 1_490])
    func snapshotPlusTail(cut: Int) throws {
        let events = SnapshotTests.history(seed: 11, count: 1_500)
        let full = WlogState.replay(events)
        var head = WlogState.replay(events.prefix(cut))
        head.cacheRecords()
        if cut > 250 { #expect(!head.recordsCache.isEmpty) }
        let decoded = try StateSnapshot.decode(StateSnapshot.encode(head, stamp: SnapshotTests.stamp(head))).state
        #expect(Self.tables(decoded) == Self.tables(head))
        var resumed = decoded
        var inMemory = head
        for event in events.dropFirst(cut) {
            resumed.apply(event)
            inMemory.apply(event)
        }
        #expect(resumed == full)
        let expected = Self.tables(full)
        #expect(Self.tables(resumed) == expected)
        #expect(Self.tables(inMemory) == expected)
        for table in expected {
            #expect(resumed.personalRecords(ofExercise: table.exercise).map(Table.init) == table)
            #expect(resumed.personalRecords(ofExercise: table.exercise, repTargets: [2, 4]).map(Table.init)
                == full.personalRecords(ofExercise: table.exercise, repTargets: [2, 4]).map(Table.init))
        }
        let context = QueryContext(now: Instant(millisecondsSince1970: 1_800_000_000_000), offsetMinutes: 60, unit: .kg)
        let filter = HistoryFilter(limit: 1_000)
        #expect(resumed.history(filter, context: context).workouts.map(\.prs)
            == full.history(filter, context: context).workouts.map(\.prs))
    }

    @Test("a set logged after the snapshot changes only its exercise's records; a back-dated one drops them")
    func dropsOnlyTheTouchedExercise() throws {
        let events = SnapshotTests.history(seed: 12, count: 600)
        var state = WlogState.replay(events)
        state.cacheRecords()
        let deadliftSlot = state.sets.exerciseText.slot("deadlift")
        let overheadSlot = state.sets.exerciseText.slot("overhead-press")
        #expect(state.cachedRecords(slot: deadliftSlot, repTargets: state.settings.prReps) != nil)
        let last = events.map(\.seq).max() ?? 0
        state.apply(Event(envelope: Envelope(seq: last + 1, id: EventID(high: 1, low: 2),
                                             occurred: ZonedInstant(Instant(millisecondsSince1970: 1_900_000_000_000), offsetMinutes: 0),
                                             recorded: Instant(millisecondsSince1970: 1_900_000_000_000), actor: "user"),
                          payload: .setLogged(SetLogged(exercise: "deadlift", reps: 1, weight: .kg(400)))))
        #expect(state.cachedRecords(slot: deadliftSlot, repTargets: state.settings.prReps)?.record(.heaviest)?.value
            == .mass(.kg(400)))
        #expect(state.cachedRecords(slot: overheadSlot, repTargets: state.settings.prReps) != nil)
        state.apply(Event(envelope: Envelope(seq: last + 2, id: EventID(high: 1, low: 3),
                                             occurred: ZonedInstant(Instant(millisecondsSince1970: 1_600_000_000_000), offsetMinutes: 0),
                                             recorded: Instant(millisecondsSince1970: 1_900_000_000_000), actor: "user"),
                          payload: .setLogged(SetLogged(exercise: "deadlift", reps: 1, weight: .kg(410)))))
        #expect(state.cachedRecords(slot: deadliftSlot, repTargets: state.settings.prReps) == nil)
        #expect(state.cachedRecords(slot: overheadSlot, repTargets: state.settings.prReps) != nil)
        #expect(state.personalRecords(ofExercise: "deadlift")?.record(.heaviest)?.value == .mass(.kg(410)))
    }
}
