import Testing
@testable import WlogCore

/// Projection snapshots: the decoded state is the replayed state, anything that does not fit is
/// refused, and snapshot + tail is the full replay.
@Suite("Snapshot")
struct SnapshotTests {
    /// A small deterministic generator (no `Int.random`: the same events on every run).
    struct Rng {
        var x: UInt64
        mutating func next() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    }

    /// Events of every type, with edits, deletes, discards and repeats, in journal order.
    static func history(seed: UInt64, count: Int) -> [Event] {
        var rng = Rng(x: seed)
        var events: [Event] = []
        var clock: Int64 = 1_700_000_000_000
        var sets: [EventID] = []
        var workouts: [EventID] = []
        var bodyweights: [EventID] = []
        let exercises = ["bench-press", "squat", "deadlift", "my-sled-push", "overhead-press"]
        func add(_ payload: EventPayload, offset: Int = 60) -> EventID {
            clock += Int64(rng.int(1_000...600_000))
            let id = EventID(high: rng.next(), low: rng.next())
            let at = Instant(millisecondsSince1970: clock - (rng.chance(5) ? 86_400_000 : 0))
            events.append(Event(envelope: Envelope(seq: UInt64(events.count + 1), id: id, occurred: ZonedInstant(at, offsetMinutes: offset),
                                                   recorded: Instant(millisecondsSince1970: clock), actor: rng.chance(20) ? "watch" : "user"),
                                payload: payload))
            return id
        }
        _ = add(.profileUpdated(ProfileUpdated(name: "Ada", unit: .kg, timeZone: "Europe/Berlin", sex: .female, birthYear: 1990,
                                               heightCentimetres: 170, experience: .advanced, goal: .strength, daysPerWeek: 4,
                                               bodyweightGoal: .kg(62), restTimerSeconds: 120)))
        _ = add(.settingsChanged(SettingsChanged(unit: .lb, timeZone: "+02:00", restTimerSeconds: 90, e1rmFormula: "brzycki",
                                                 prReps: [1, 2, 5], e1rmMaxReps: 10)))
        _ = add(.exerciseCreated(Exercise(id: "my-sled-push", name: "My Sled Push", group: .legs, muscles: [.quads, .glutes],
                                          secondary: [.core], equipment: .machine, pattern: .squat, prReps: 3,
                                          pinnedNote: "low handles", isCustom: true, aliases: ["sled", "prowler"])))
        _ = add(.exerciseUpdated(ExerciseUpdated(exercise: "bench-press", name: "Bench", pinnedNote: "arch", aliases: ["bp2"])))
        _ = add(.equipmentAdded(EquipmentItem(id: "rack", name: "Dumbbell rack", type: .dumbbells,
                                              weights: [.kg(2.5), .kg(5), .lb(10)], location: .home)))
        _ = add(.equipmentAdded(EquipmentItem(id: "bands", name: "Bands", type: .bands, available: false)))
        _ = add(.equipmentRemoved(EquipmentRemoved(id: "bands")))
        _ = add(.routineCreated(Routine(id: "ppl", name: "PPL", weeks: 6, deloadWeeks: [6], days: [
            RoutineDay(index: 1, title: "Push", exercises: [PlannedExercise(exercise: "bench-press", sets: 4, repsLow: 5, repsHigh: 8,
                                                                            rpe: RPE(8), restSeconds: 180)]),
            RoutineDay(index: 2, title: "Legs", exercises: [PlannedExercise(exercise: "squat", sets: 3, repsLow: 3, repsHigh: 5)]),
        ])))
        _ = add(.routineCreated(Routine(id: "old", name: "Old", days: [])))
        _ = add(.routineRetired(RoutineRetired(id: "old")))
        _ = add(.exerciseRetired(ExerciseRetired(exercise: "good-morning")))
        while events.count < count {
            switch rng.int(0...99) {
            case 0..<8:
                let w = add(.workoutStarted(WorkoutStarted(name: rng.chance(50) ? "Push" : nil, routine: rng.chance(50) ? "ppl" : nil,
                                                           day: rng.chance(50) ? 1 : nil,
                                                           planned: rng.chance(30) ? [PlannedExercise(exercise: "squat", sets: 3, repsLow: 5, repsHigh: 5)] : [],
                                                           mobility: Rating(rng.int(1...5)), notes: rng.chance(20) ? "tired" : nil)))
                workouts.append(w)
            case 8..<12 where !workouts.isEmpty:
                let w = workouts[rng.int(0...workouts.count - 1)]
                switch rng.int(0...4) {
                case 0: _ = add(.workoutDiscarded(WorkoutDiscarded(workout: w)))
                case 1: _ = add(.workoutExerciseAdded(WorkoutExerciseAdded(workout: w, exercise: "deadlift", position: 0, notes: "heavy")))
                case 2: _ = add(.workoutExerciseRemoved(WorkoutExerciseRemoved(workout: w, exercise: "squat")))
                case 3: _ = add(.workoutExercisesReordered(WorkoutExercisesReordered(workout: w, exercises: ["deadlift", "squat"])))
                default: _ = add(.workoutFinished(WorkoutFinished(workout: w, notes: "ok", soreness: Rating(3), sessionRPE: RPE(7.5))))
                }
            case 12..<20 where !sets.isEmpty:
                let s = sets[rng.int(0...sets.count - 1)]
                if rng.chance(30) {
                    _ = add(.setDeleted(SetDeleted(set: s, reason: rng.chance(50) ? "dup" : nil)))
                } else {
                    _ = add(.setEdited(SetEdited(set: s, exercise: rng.chance(10) ? "squat" : nil, reps: rng.chance(50) ? rng.int(1...12) : nil,
                                                 weight: rng.chance(40) ? .lb(Double(rng.int(45...315))) : nil,
                                                 rpe: rng.chance(30) ? RPE(9) : nil, setType: rng.chance(10) ? .drop : nil,
                                                 done: rng.chance(10) ? false : nil, notes: rng.chance(10) ? "" : nil)))
                }
            case 20..<26:
                let b = add(.bodyweightRecorded(BodyweightRecorded(weight: .kg(60 + Double(rng.int(0...100)) / 10),
                                                                   notes: rng.chance(10) ? "fasted" : nil)))
                bodyweights.append(b)
                if rng.chance(10) { _ = add(.bodyweightEdited(BodyweightEdited(entry: b, weight: .kg(61), notes: "fix"))) }
                if rng.chance(5) { _ = add(.bodyweightDeleted(BodyweightDeleted(entry: b))) }
            case 26..<28:
                _ = add(.readinessRecorded(ReadinessRecorded(mobility: Rating(2), soreness: Rating(4), sleep: nil, energy: Rating(3),
                                                             pain: rng.chance(50), note: "knee")))
            case 28:
                _ = add(.goalSet(GoalSet(weight: rng.chance(50) ? .lb(140) : nil)))
            default:
                let cardio = rng.chance(5)
                let s = add(.setLogged(SetLogged(
                    exercise: cardio ? "running" : exercises[rng.int(0...exercises.count - 1)],
                    workout: workouts.last.flatMap { rng.chance(80) ? $0 : nil },
                    reps: cardio ? nil : rng.int(1...15), weight: cardio ? nil : .kg(Double(rng.int(8...90)) * 2.5),
                    distance: cardio ? Distance(tenThousandths: 50_000_000, unit: .km) : nil,
                    durationMilliseconds: cardio ? 1_500_000 : nil, rpe: rng.chance(50) ? RPE(Double(rng.int(12...20)) / 2) : nil,
                    effort: rng.chance(10) ? Rating(4) : nil, setType: rng.chance(15) ? .warmup : .working,
                    done: !rng.chance(3), notes: rng.chance(5) ? "belt" : nil)), offset: rng.chance(10) ? -300 : 60)
                sets.append(s)
            }
        }
        // A retried event (same id): ignored by evolve, and by the snapshot too.
        events.append(events[events.count / 2])
        return events
    }

    static func stamp(_ state: WlogState) -> SnapshotStamp {
        SnapshotStamp(journalID: String(repeating: "a1", count: 16), lastSeq: state.lastSeq, tailDigest: 0xDEAD_BEEF,
                      chainHead: String(repeating: "0", count: 64), sealedThrough: 0)
    }

    @Test("the decoded snapshot equals the replayed state", arguments: [1, 2, 3, 4] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        let state = WlogState.replay(Self.history(seed: seed, count: 1_500))
        #expect(state.setCount > 100)
        let bytes = StateSnapshot.encode(state, stamp: Self.stamp(state))
        let (stamp, decoded) = try StateSnapshot.decode(bytes)
        #expect(stamp == Self.stamp(state))
        #expect(decoded == state)
        #expect(decoded.liveSets == state.liveSets)
        let context = QueryContext(now: Instant(millisecondsSince1970: 1_800_000_000_000), offsetMinutes: 60, unit: .kg)
        #expect(decoded.history(context: context).total == state.history(context: context).total)
        // Re-encoding the decoded state round-trips too (the bytes may differ: dictionary order).
        #expect(try StateSnapshot.decode(StateSnapshot.encode(decoded, stamp: stamp)).state == state)
    }

    @Test("the empty state round-trips")
    func empty() throws {
        let state = WlogState.initial
        #expect(try StateSnapshot.decode(StateSnapshot.encode(state, stamp: Self.stamp(state))).state == state)
    }

    @Test("snapshot after N events + the tail equals the full replay", arguments: [0, 1, 250, 777, 1_499])
    func snapshotPlusTail(cut: Int) throws {
        let events = Self.history(seed: 9, count: 1_500)
        let full = WlogState.replay(events)
        let head = WlogState.replay(events.prefix(cut))
        var resumed = try StateSnapshot.decode(StateSnapshot.encode(head, stamp: Self.stamp(head))).state
        for event in events.dropFirst(cut) { resumed.apply(event) }
        #expect(resumed == full)
    }

    @Test("the decoded state borrows its big arrays from the snapshot's memory and appends into their room")
    func borrowsTheBigArrays() throws {
        let events = Self.history(seed: 8, count: 1_500)
        let head = WlogState.replay(events.prefix(1_200))
        var resumed = try StateSnapshot.decode(StateSnapshot.encode(head, stamp: Self.stamp(head))).state
        let borrowed = [resumed.sets.rows.isBorrowed, resumed.sets.order.isBorrowed, resumed.sets.replaced.isBorrowed,
                        resumed.eventIndex.slots.isBorrowed, resumed.eventIndex.ids.isBorrowed, resumed.eventIndex.values.isBorrowed]
        #expect(borrowed == [true, true, true, true, true, true])
        #expect(resumed.sets.rows.capacity == resumed.sets.rows.count + StateSnapshot.room)
        for event in events.dropFirst(1_200) { resumed.apply(event) }
        // 300 events fit the room: the rows, the order and the ids were appended in place.
        #expect([resumed.sets.rows.isBorrowed, resumed.sets.order.isBorrowed, resumed.eventIndex.ids.isBorrowed] == [true, true, true])
        #expect(resumed == WlogState.replay(events))
    }

    @Test("a tail longer than the room after the arrays moves them to the heap and still equals the full replay")
    func tailPastTheRoom() throws {
        let events = Self.history(seed: 10, count: 300 + 2 * StateSnapshot.room)
        let head = WlogState.replay(events.prefix(300))
        var resumed = try StateSnapshot.decode(StateSnapshot.encode(head, stamp: Self.stamp(head))).state
        for event in events.dropFirst(300) { resumed.apply(event) }
        #expect(!resumed.eventIndex.ids.isBorrowed && resumed.eventIndex.count > StateSnapshot.room)
        #expect(resumed == WlogState.replay(events))
        #expect(resumed.liveSets == WlogState.replay(events).liveSets)
    }

    @Test("another code version, format, magic, a flipped byte or a cut file is refused")
    func damagedOrForeign() throws {
        let state = WlogState.replay(Self.history(seed: 5, count: 300))
        let bytes = StateSnapshot.encode(state, stamp: Self.stamp(state))
        #expect(throws: SnapshotError.self) { try StateSnapshot.decode(Array(bytes.dropLast())) }
        #expect(throws: SnapshotError.self) { try StateSnapshot.decode(Array(bytes.prefix(20))) }
        #expect(throws: SnapshotError.self) { try StateSnapshot.decode([UInt8]()) }
        var magic = bytes
        magic[0] ^= 0x20
        #expect(throws: SnapshotError.self) { try StateSnapshot.decode(magic) }
        var format = bytes
        format[8] = UInt8(StateSnapshot.format + 1)
        #expect(throws: SnapshotError.self) { try StateSnapshot.decode(format) }
        // The code version string follows the format: change its last character.
        let version = Array(StateSnapshot.codeVersion.utf8)
        var code = bytes
        code[8 + 1 + 1 + version.count - 1] ^= 0x01
        #expect(throws: SnapshotError.self) { try StateSnapshot.decode(code) }
        for position in stride(from: bytes.count - 1, to: bytes.count - 2_000, by: -97) {
            var flipped = bytes
            flipped[position] ^= 0x10
            #expect(throws: SnapshotError.self) { try StateSnapshot.decode(flipped) }
        }
    }

    @Test("a snapshot is refused for another journal, a rewritten one, or another chain")
    func stampMismatch() {
        let stamp = SnapshotStamp(journalID: "j1", lastSeq: 500, tailDigest: 7, chainHead: "c1", sealedThrough: 400)
        // The chain is compared where the snapshot's sealed chunks ended, however far the journal was sealed since.
        #expect(stamp.mismatch(journalID: "j1", chainAtSealedThrough: "c1") == nil)
        #expect(stamp.mismatch(journalID: "j2", chainAtSealedThrough: "c1") != nil)
        #expect(stamp.mismatch(journalID: "j1", chainAtSealedThrough: "c2") != nil)
        // No chunk ends at seq 400: the journal was rewritten, or is another copy.
        #expect(stamp.mismatch(journalID: "j1", chainAtSealedThrough: nil) != nil)
    }

    @Test("the header alone gives the stamp; the line fingerprint is FNV-1a")
    func header() throws {
        let state = WlogState.replay(Self.history(seed: 6, count: 200))
        let bytes = StateSnapshot.encode(state, stamp: Self.stamp(state))
        #expect(try bytes.withUnsafeBytes { try StateSnapshot.stamp(of: $0) } == Self.stamp(state))
        #expect(FNV1a.hash(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a.hash([UInt8]()) == 0xCBF2_9CE4_8422_2325)
        // A running hash over lines equals the hash of the lines joined with their `\n`s.
        let lines = ["{\"seq\":1}", "{\"seq\":2}"]
        let running = lines.reduce(FNV1a.offsetBasis) { h, line in
            Array(line.utf8).withUnsafeBytes { FNV1a.hash(line: $0, continuing: h) }
        }
        #expect(running == FNV1a.hash(Array(lines.map { $0 + "\n" }.joined().utf8)))
    }
}
