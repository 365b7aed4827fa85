import Testing
@testable import WlogCore

/// Concurrent changes of everything but sets (docs/SYNC.md, "Concurrent edits"): settings, the
/// profile, the goal, a body-weight entry, an exercise, an equipment item and a routine each end
/// with the change of the latest stamp (recorded-at, then event id), in every arrival order.
@Suite struct ConcurrentChangesTests {
    static let base = Instant(millisecondsSince1970: 1_795_000_000_000)
    static let entry = EventID(high: 1, low: 0xabc)

    /// Event `n` of a writer (`device`: the low 64 bits of the ids it mints), recorded at `minute`.
    static func event(_ n: UInt64, minute: Int64, device: UInt64 = 0xabc, _ payload: EventPayload) -> Event {
        let at = base.adding(milliseconds: minute * 60_000)
        return Event(envelope: Envelope(id: EventID(high: n, low: device), occurred: ZonedInstant(at, offsetMinutes: 0), recorded: at),
                     payload: payload)
    }

    static func routine(_ name: String) -> Routine { Routine(id: "r1", name: name, days: []) }

    /// What each replica holds first (made before the devices parted).
    static let creations = [
        event(1, minute: 0, .bodyweightRecorded(BodyweightRecorded(weight: .kg(80)))),
        event(2, minute: 0, .equipmentAdded(EquipmentItem(id: "rack-1", name: "Rack", type: .rack))),
        event(3, minute: 0, .routineCreated(routine("Five by five"))),
    ]

    /// Two devices' changes, made apart (minutes 10–17; two settings changes in one millisecond:
    /// the writer with the greater key wins).
    static let changes = [
        event(10, minute: 10, .settingsChanged(SettingsChanged(unit: .lb))),
        event(11, minute: 12, .settingsChanged(SettingsChanged(unit: .kg, restTimerSeconds: 90))),
        event(21, minute: 14, device: 0xb, .settingsChanged(SettingsChanged(restTimerSeconds: 120))),
        event(20, minute: 14, device: 0xa, .settingsChanged(SettingsChanged(restTimerSeconds: 60))),
        event(12, minute: 11, .profileUpdated(ProfileUpdated(name: "Alex", bodyweightGoal: .kg(80)))),
        event(13, minute: 13, .profileUpdated(ProfileUpdated(name: "Alexandra"))),
        event(14, minute: 12, .goalSet(GoalSet(weight: .kg(78)))),
        event(15, minute: 10, .bodyweightEdited(BodyweightEdited(entry: entry, weight: .kg(81), notes: "phone"))),
        event(16, minute: 14, .bodyweightEdited(BodyweightEdited(entry: entry, weight: .kg(82)))),
        event(17, minute: 10, .exerciseUpdated(ExerciseUpdated(exercise: "bench-press", name: "Bench A", pinnedNote: "tuck"))),
        event(18, minute: 15, .exerciseUpdated(ExerciseUpdated(exercise: "bench-press", name: "Bench B"))),
        event(19, minute: 11, .equipmentUpdated(EquipmentItem(id: "rack-1", name: "Squat rack", type: .rack))),
        event(22, minute: 16, .equipmentRemoved(EquipmentRemoved(id: "rack-1"))),
        event(23, minute: 17, .routineUpdated(routine("Five by five, light"))),
        event(24, minute: 16, .routineRetired(RoutineRetired(id: "r1"))),
    ]

    /// The events folded with sequences 1, 2, …
    static func fold(_ events: [Event]) -> WlogState { ConcurrentEditsTests.fold(events) }

    static func shown(_ state: WlogState) -> String {
        "\(state.settings) \(state.profile) \(String(describing: state.goal)) \(state.bodyweights[entry].map { "\($0)" } ?? "")"
            + " \(String(describing: state.exercise("bench-press"))) \(state.equipment) \(state.routines)"
    }

    @Test(arguments: 0..<12)
    func everyArrivalOrderEndsWithTheLatestChange(seed: UInt64) throws {
        var g = EventSamples.SeededRNG(seed: seed)
        let order = seed == 0 ? Self.changes : seed == 1 ? Self.changes.reversed() : Self.changes.shuffled(using: &g)
        let state = Self.fold(Self.creations + order)
        let inOrder = Self.fold(Self.creations + Self.changes)
        #expect(Self.shown(state) == Self.shown(inOrder) && state.latest == inOrder.latest)
        // The values of the latest changes.
        #expect(state.settings.unit == .kg && state.settings.restTimerSeconds == 120)
        #expect(state.profile.name == "Alexandra" && state.goal == Mass.kg(78))
        let entry = try #require(state.bodyweights[Self.entry])
        #expect(entry.weight == .kg(82) && entry.notes == "phone")
        let bench = try #require(state.exercise("bench-press"))
        #expect(bench.name == "Bench B" && bench.pinnedNote == "tuck")
        #expect(state.equipment["rack-1"] == nil)
        #expect(state.routines["r1"]?.routine.name == "Five by five, light" && state.routines["r1"]?.isRetired == false)
    }

    @Test(arguments: 0..<3)
    func oneWritersChangesInOneMillisecondKeepTheirOrder(position: Int) {
        // A script's fixed clock: add, update, remove at one instant; another device's update at
        // the same instant arrives anywhere among them (its key is smaller: it loses the tie).
        var mine = [Self.event(30, minute: 20, .equipmentUpdated(EquipmentItem(id: "rack-1", name: "Rack 2", type: .rack))),
                    Self.event(29, minute: 20, .equipmentRemoved(EquipmentRemoved(id: "rack-1")))]
        mine.insert(Self.event(31, minute: 20, device: 0x1, .equipmentUpdated(EquipmentItem(id: "rack-1", name: "Old rack", type: .rack))), at: position)
        let state = Self.fold(Self.creations + mine)
        #expect(state.equipment["rack-1"] == nil)
    }

    @Test func aSnapshotKeepsTheStampsOfTheChanges() throws {
        let state = Self.fold(Self.creations + Self.changes.prefix(8))
        let stamp = SnapshotStamp(journalID: "j", lastSeq: state.lastSeq, tailDigest: 0, chainHead: "", sealedThrough: 0)
        var restored = try StateSnapshot.decode(StateSnapshot.encode(state, stamp: stamp)).state
        #expect(restored.latest == state.latest)
        // The rest arrives late, in reverse: the same as the fold of everything.
        for (index, var event) in Self.changes.dropFirst(8).reversed().enumerated() {
            event.envelope.seq = state.lastSeq + UInt64(index + 1)
            restored.apply(event)
        }
        #expect(Self.shown(restored) == Self.shown(Self.fold(Self.creations + Self.changes)))
    }
}
