import Testing
@testable import WlogCore

/// Byte-exact canonical lines, one hand-written expectation per event type.
@Suite("Codec: canonical encoding")
struct CodecEncodingTests {
    static let setID = EventID(hex: "9b1c2d3e4f5061728394a5b6c7d8e9f0")!
    static let workoutID = EventID(hex: "5e0f3a7712c84b09a1d2e3f405162738")!

    static func envelope(seq: UInt64 = 7) -> Envelope {
        Envelope(seq: seq, id: EventID(hex: "3f9a21c000000000000000000000002a")!,
                 occurred: ZonedInstant(Instant(iso8601: "2026-11-20T17:05:00.000Z")!, offsetMinutes: 60),
                 recorded: Instant(iso8601: "2026-11-20T17:05:03.120Z")!)
    }

    static func prefix(_ type: String) -> String {
        #"{"seq":7,"id":"3f9a21c000000000000000000000002a","type":""# + type
            + #"","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z","actor":"user""#
    }

    static let planned = PlannedExercise(exercise: "bench-press", sets: 3, repsLow: 5, repsHigh: 8, rpe: RPE(8), restSeconds: 180)
    static let plannedJSON = #"{"exercise":"bench-press","sets":3,"reps_low":5,"reps_high":8,"rpe":8,"rest_s":180}"#
    static let w = #""5e0f3a7712c84b09a1d2e3f405162738""#
    static let s = #""9b1c2d3e4f5061728394a5b6c7d8e9f0""#
    static let day = ZonedInstant(Instant(iso8601: "2026-11-19T18:00:00.000Z")!, offsetMinutes: -300)
    static let routine = Routine(id: "ppl", name: "Push Pull Legs", weeks: 6, deloadWeeks: [4], days: [
        RoutineDay(index: 1, title: "Push", exercises: [planned]), RoutineDay(index: 2, title: "Rest", exercises: []),
    ])
    static let routineJSON = #","routine":"ppl","name":"Push Pull Legs","weeks":6,"deload_weeks":[4],"days":[{"day":1,"title":"Push","exercises":["#
        + plannedJSON + #"]},{"day":2,"title":"Rest","exercises":[]}]}"#

    /// (payload, expected members after the envelope, closing brace included).
    static let cases: [(EventPayload, String)] = [
        (.setLogged(SetLogged(exercise: "bench-press", workout: workoutID, reps: 5, weight: Mass("102.5", unit: .kg), rpe: RPE(8.5))),
         #","exercise":"bench-press","workout":"# + w + #","reps":5,"weight":"102.5","unit":"kg","rpe":8.5}"#),
        (.setLogged(SetLogged(exercise: "squat", reps: 8, weight: Mass("225", unit: .lb), effort: Rating(3), setType: .warmup,
                              done: false, notes: "felt \"easy\"\nnext: 235\t✓", source: "Strong,row 4\u{1}")),
         #","exercise":"squat","reps":8,"weight":"225","unit":"lb","effort":3,"set_type":"warmup","done":false,"notes":"felt \"easy\"\nnext: 235\t✓","source":"Strong,row 4\u0001"}"#),
        (.setLogged(SetLogged(exercise: "run", distance: Distance("5.2", unit: .km), durationMilliseconds: 1_500_000)),
         #","exercise":"run","distance":"5.2","distance_unit":"km","duration_ms":1500000}"#),
        (.setEdited(SetEdited(set: setID, performed: day, reps: 6, weight: Mass("100.0001", unit: .kg), setType: .drop, done: true, notes: "")),
         #","set":"# + s + #","performed":"2026-11-19T18:00:00.000Z","performed_tz":-300,"reps":6,"weight":"100.0001","unit":"kg","set_type":"drop","done":true,"notes":""}"#),
        // A cleared field is its key with null in its place (the API's PATCH with "rpe": null).
        (.setEdited(SetEdited(set: setID, reps: 8, rpe: nil, cleared: [.weight, .rpe, .notes])),
         #","set":"# + s + #","reps":8,"weight":null,"rpe":null,"notes":null}"#),
        (.setEdited(SetEdited(set: setID, cleared: [.reps, .distance, .duration, .effort])),
         #","set":"# + s + #","reps":null,"distance":null,"duration_ms":null,"effort":null}"#),
        (.setDeleted(SetDeleted(set: setID, reason: "duplicate")), #","set":"# + s + #","reason":"duplicate"}"#),
        (.setRested(SetRested(set: setID, durationMilliseconds: 150_000)), #","set":"# + s + #","duration_ms":150000}"#),
        (.workoutStarted(WorkoutStarted(name: "Push A", routine: "ppl", day: 1, planned: [planned], mobility: Rating(4))),
         #","name":"Push A","routine":"ppl","day":1,"planned":["# + plannedJSON + #"],"mobility":4}"#),
        (.workoutExerciseAdded(WorkoutExerciseAdded(workout: workoutID, exercise: "dip", position: 2, notes: "superset")),
         #","workout":"# + w + #","exercise":"dip","position":2,"notes":"superset"}"#),
        (.workoutExerciseRemoved(WorkoutExerciseRemoved(workout: workoutID, exercise: "dip")),
         #","workout":"# + w + #","exercise":"dip"}"#),
        (.workoutExercisesReordered(WorkoutExercisesReordered(workout: workoutID, exercises: ["squat", "bench-press"])),
         #","workout":"# + w + #","exercises":["squat","bench-press"]}"#),
        (.workoutFinished(WorkoutFinished(workout: workoutID, notes: "Good day", soreness: Rating(2), sessionRPE: RPE(7.5))),
         #","workout":"# + w + #","notes":"Good day","soreness":2,"session_rpe":7.5}"#),
        (.workoutDiscarded(WorkoutDiscarded(workout: workoutID)), #","workout":"# + w + "}"),
        (.bodyweightRecorded(BodyweightRecorded(weight: Mass("82.35", unit: .kg)!, notes: "morning")),
         #","weight":"82.35","unit":"kg","notes":"morning"}"#),
        (.bodyweightEdited(BodyweightEdited(entry: setID, weight: Mass("181.5", unit: .lb), at: day, notes: "fasted")),
         #","entry":"# + s + #","weight":"181.5","unit":"lb","measured":"2026-11-19T18:00:00.000Z","measured_tz":-300,"notes":"fasted"}"#),
        (.bodyweightDeleted(BodyweightDeleted(entry: setID)), #","entry":"# + s + "}"),
        (.goalSet(GoalSet(weight: Mass("80", unit: .kg))), #","weight":"80","unit":"kg"}"#),
        (.goalSet(GoalSet(weight: nil)), "}"),
        (.readinessRecorded(ReadinessRecorded(mobility: Rating(2), soreness: Rating(4), sleep: Rating(3), energy: Rating(5), pain: true, note: "left knee")),
         #","mobility":2,"soreness":4,"sleep":3,"energy":5,"pain":true,"note":"left knee"}"#),
        (.profileUpdated(ProfileUpdated(name: "Zoë", unit: .kg, timeZone: "Europe/Berlin", sex: .female, birthYear: 1990, heightCentimetres: 168,
                                        experience: .intermediate, goal: .fatLoss, daysPerWeek: 4, bodyweightGoal: Mass("62.5", unit: .kg),
                                        restTimerSeconds: 120, equipment: .singlePly)),
         #","name":"Zoë","unit":"kg","time_zone":"Europe/Berlin","sex":"female","birth_year":1990,"height_cm":168,"experience":"intermediate","goal":"fat-loss","days_per_week":4,"bodyweight_goal":"62.5","bodyweight_goal_unit":"kg","rest_timer_s":120,"equipment":"single-ply"}"#),
        (.settingsChanged(SettingsChanged(unit: .lb, timeZone: "-05:00", restTimerSeconds: 90, e1rmFormula: "brzycki", prReps: [1, 3, 5], e1rmMaxReps: 10)),
         #","unit":"lb","time_zone":"-05:00","rest_timer_s":90,"e1rm_formula":"brzycki","pr_reps":[1,3,5],"e1rm_max_reps":10}"#),
        (.exerciseCreated(Exercise(id: "landmine-press", name: "Landmine Press", group: .shoulders, muscles: [.frontDelts, .upperChest],
                                   secondary: [.triceps], equipment: .barbell, pattern: .push, prReps: 3, pinnedNote: "stance: split",
                                   isCustom: true, aliases: ["LM press"])),
         #","exercise":"landmine-press","name":"Landmine Press","kind":"strength","group":"Shoulders","muscles":["front-delts","upper-chest"],"secondary":["Triceps"],"equipment":"barbell","pattern":"push","pr_reps":3,"pinned_note":"stance: split","custom":true,"aliases":["LM press"]}"#),
        (.exerciseUpdated(ExerciseUpdated(exercise: "landmine-press", name: "Landmine Press (1 arm)", muscles: [], prReps: 5, pinnedNote: "")),
         #","exercise":"landmine-press","name":"Landmine Press (1 arm)","muscles":[],"pr_reps":5,"pinned_note":""}"#),
        (.exerciseRetired(ExerciseRetired(exercise: "landmine-press")), #","exercise":"landmine-press"}"#),
        (.equipmentAdded(EquipmentItem(id: "home-dumbbells", name: "Home dumbbells", type: .dumbbells,
                                       weights: [Mass("2.5", unit: .kg)!, Mass("5", unit: .kg)!, Mass("0.25", unit: .lb)!], location: .home)),
         #","equipment":"home-dumbbells","name":"Home dumbbells","kind":"dumbbells","weights":[{"weight":"2.5","unit":"kg"},{"weight":"5","unit":"kg"},{"weight":"0.25","unit":"lb"}],"location":"home"}"#),
        (.equipmentUpdated(EquipmentItem(id: "pull-up-bar", name: "Bar", type: .pullUpBar, available: false)),
         #","equipment":"pull-up-bar","name":"Bar","kind":"pull-up-bar","available":false}"#),
        (.equipmentRemoved(EquipmentRemoved(id: "pull-up-bar")), #","equipment":"pull-up-bar"}"#),
        (.routineCreated(routine), routineJSON),
        (.routineUpdated(routine), routineJSON),
        (.routineRetired(RoutineRetired(id: "ppl")), #","routine":"ppl"}"#),
    ]

    /// Every type with a reader and writer of its own has an expectation here; a described
    /// payload's bytes follow from its member list, pinned by its example in docs/EVENTS.md.
    @Test("every event type with its own writer has a hand-written expectation")
    func coversEveryHandWrittenType() {
        let handWritten = EventType.allCases.filter { $0.described.members == nil }
        #expect(Set(Self.cases.map(\.0.type)).isSuperset(of: handWritten))
    }

    @Test("encode writes exactly the expected line; decode reads it back", arguments: 0..<cases.count)
    func exactLine(index: Int) throws {
        let (payload, members) = Self.cases[index]
        let event = Event(envelope: Self.envelope(), payload: payload)
        let expected = Self.prefix(payload.type.rawValue) + members + "\n"
        #expect(EventCodec.encodeString(event) == expected)
        let decoded = try EventCodec.decode(expected)
        #expect(decoded == event)
        #expect(EventCodec.encodeString(decoded) == expected)
    }

    @Test("encodePending omits seq and is the canonical line without it")
    func pending() {
        let event = Event(envelope: Self.envelope(seq: 0), payload: .workoutDiscarded(WorkoutDiscarded(workout: Self.workoutID)))
        let pending = String(decoding: EventCodec.encodePending(event), as: UTF8.self)
        #expect(pending == #"{"id":"3f9a21c000000000000000000000002a","type":"workout.discarded","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z","actor":"user","workout":"5e0f3a7712c84b09a1d2e3f405162738"}"# + "\n")
        let spliced = "{\"seq\":42," + pending.dropFirst()
        var sequenced = event
        sequenced.envelope.seq = 42
        #expect(spliced == EventCodec.encodeString(sequenced))
    }

    @Test("non-ASCII is raw UTF-8; control characters are escaped minimally")
    func escaping() {
        var event = Event(envelope: Self.envelope(), payload: .setDeleted(SetDeleted(set: Self.setID)))
        event.envelope.actor = "Zoë's 📱 \"pixel\" \\ \u{8}\u{c}\r\u{1f}\u{7f}"
        let line = EventCodec.encodeString(event)
        #expect(line.contains(#""actor":"Zoë's 📱 \"pixel\" \\ \b\f\r\u001f"# + "\u{7f}\""))
    }

    @Test("recorded is omitted when it equals at, written when it differs")
    func recordedOnlyWhenDifferent() throws {
        var envelope = Self.envelope()
        envelope.recorded = envelope.occurred.instant
        let line = EventCodec.encodeString(Event(envelope: envelope, payload: .workoutDiscarded(WorkoutDiscarded(workout: Self.workoutID))))
        #expect(line == #"{"seq":7,"id":"3f9a21c000000000000000000000002a","type":"workout.discarded","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"actor":"user","workout":"5e0f3a7712c84b09a1d2e3f405162738"}"# + "\n")
        #expect(try EventCodec.decode(Array(line.utf8)).envelope == envelope)
        envelope.recorded = envelope.recorded.adding(milliseconds: 1)
        let later = EventCodec.encodeString(Event(envelope: envelope, payload: .workoutDiscarded(WorkoutDiscarded(workout: Self.workoutID))))
        #expect(later.contains(#","tz":60,"recorded":"2026-11-20T17:05:00.001Z","actor":"user","#))
    }
}
