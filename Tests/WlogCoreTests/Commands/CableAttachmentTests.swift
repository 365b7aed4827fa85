import Testing
@testable import WlogCore

/// Seed 001: "for cable exercises: specify attachment used". A cable exercise carries its
/// attachment through decide, the journal line, the fold and the snapshot; any other is refused.
@Suite("Cable attachments")
struct CableAttachmentTests {
    @Test func aCableExerciseKeepsItsAttachmentThroughTheLineTheFoldAndTheSnapshot() throws {
        let ids = CountingIDs()   // one id source: each decide's events are new events
        func at(minute: Int64) -> DecideContext {
            DecideContext(now: Clock.monday.adding(milliseconds: minute * 60_000), offsetMinutes: 60, actor: "user", nextID: ids.make)
        }
        let new = NewExercise(name: "Rope Pushdown", group: .triceps, muscles: [.triceps], equipment: .cable, attachment: "  rope ")
        let created = try decide(.createExercise(new), state: FixtureLibrary.state, context: at(minute: 0))
        guard case .exerciseCreated(let made) = created.first?.payload else { Issue.record("no event"); return }
        #expect(made.attachment == "rope")
        let line = String(decoding: EventCodec.encodePending(try #require(created.first)), as: UTF8.self)
        #expect(line.contains(#""pinned_note""#) == false && line.contains(#","attachment":"rope","custom":true"#), "\(line)")
        #expect(try EventCodec.decode(line).payload == created.first?.payload)
        var state = WlogState.replay(created, from: FixtureLibrary.state)
        #expect(state.exercise(made.id)?.attachment == "rope")
        // Changed, then cleared with "" (each a minute later: the latest change wins, docs/SYNC.md).
        let changed = try decide(.updateExercise(ExerciseUpdated(exercise: made.id, attachment: "V-bar")), state: state, context: at(minute: 1))
        state = WlogState.replay(changed, from: state)
        #expect(state.exercise(made.id)?.attachment == "V-bar")
        let bytes = StateSnapshot.encode(state, stamp: SnapshotTests.stamp(state))
        #expect(try StateSnapshot.decode(bytes).state.exercise(made.id)?.attachment == "V-bar")
        state = WlogState.replay(try decide(.updateExercise(ExerciseUpdated(exercise: made.id, attachment: "")), state: state, context: at(minute: 2)),
                                 from: state)
        #expect(state.exercise(made.id)?.attachment == nil)
    }

    @Test func onlyACableExerciseTakesOne() {
        let s = FixtureLibrary.state
        #expect(refusal(.createExercise(NewExercise(name: "Floor Press", group: .chest, equipment: .barbell, attachment: "rope")), s)?.message
                == "exercise.attachment: \"rope\" is not allowed — an attachment is for cable exercises and this one uses barbell; set --equipment cable with it")
        #expect(refusal(.updateExercise(ExerciseUpdated(exercise: "bench-press", attachment: "rope")), s)?.message
                == "exercise.attachment: \"rope\" is not allowed — an attachment is for cable exercises and this one uses barbell; set --equipment cable with it")
        #expect(refusal(.createExercise(NewExercise(name: "Cable Fly", group: .chest, equipment: .cable, attachment: String(repeating: "x", count: 61))), s)?
            .message.hasPrefix("exercise.attachment: \"xxxx") == true)
        // The update may make it a cable exercise in the same command.
        #expect(refusal(.updateExercise(ExerciseUpdated(exercise: "bench-press", equipment: .cable, attachment: "straight bar")), s) == nil)
    }
}
