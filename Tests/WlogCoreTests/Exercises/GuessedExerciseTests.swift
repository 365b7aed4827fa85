import Foundation
import Testing
@testable import WlogCore

/// An imported exercise's guessed classification is kept as a guess (issue 18 item 8): written in
/// `exercise.created`, kept by the snapshot, and taken off part by part by `exercise.updated`.
@Suite("Exercises: guessed classification")
struct GuessedExerciseTests {
    static let created = #"{"seq":1,"id":"f014bf36a6fe16f9edadae5e51397c47","type":"exercise.created","v":1,"#
        + #""at":"2000-01-01T18:00:00.000Z","tz":0,"recorded":"2026-11-20T18:00:00.000Z","actor":"import:strong","#
        + #""exercise":"calf-press-machine","name":"Calf Press (Machine)","kind":"strength","group":"Legs","#
        + #""equipment":"machine","pattern":"squat","pr_reps":3,"custom":true,"guessed":["kind","group","equipment","pattern"]}"#

    static func update(_ seq: Int, _ members: String) throws -> Event {
        try EventCodec.decode(#"{"seq":\#(seq),"id":"\#(String(repeating: "0", count: 31))\#(seq)","type":"exercise.updated","v":1,"#
            + #""at":"2026-11-20T18:00:00.000Z","tz":0,"actor":"user","exercise":"calf-press-machine",\#(members)}"#)
    }

    @Test func theLineRoundTripsItsGuessedParts() throws {
        let event = try EventCodec.decode(Self.created)
        guard case .exerciseCreated(let exercise) = event.payload else { Issue.record("not exercise.created"); return }
        #expect(exercise.guessed == [.kind, .group, .equipment, .pattern])
        #expect(String(decoding: EventCodec.encode(event), as: UTF8.self) == Self.created + "\n")
    }

    @Test func aLineWithoutGuessedReadsAsNothingGuessedAndWritesNoKey() throws {
        let old = Self.created.replacingOccurrences(of: #","guessed":["kind","group","equipment","pattern"]"#, with: "")
        let event = try EventCodec.decode(old)
        guard case .exerciseCreated(let exercise) = event.payload else { Issue.record("not exercise.created"); return }
        #expect(exercise.guessed.isEmpty)
        #expect(String(decoding: EventCodec.encode(event), as: UTF8.self) == old + "\n")
    }

    @Test func anUnknownTraitIsRefusedNamingTheKey() {
        let bad = Self.created.replacingOccurrences(of: #""pattern"]"#, with: #""colour"]"#)
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(bad) }
    }

    @Test func eachPartTheLifterSetsIsNoLongerAGuess() throws {
        var state = WlogState.initial
        state.apply(try EventCodec.decode(Self.created))
        // A rename sets no classification: everything is still guessed.
        state.apply(try Self.update(2, #""name":"Calf Press""#))
        #expect(state.exercise("calf-press-machine")?.guessed == [.kind, .group, .equipment, .pattern])
        // A new kind and the same pattern (a confirmation) take those two off.
        state.apply(try Self.update(3, #""kind":"bodyweight","pattern":"squat""#))
        #expect(state.exercise("calf-press-machine")?.guessed == [.group, .equipment])
        #expect(state.exercise("calf-press-machine")?.kind == .bodyweight)
        let snapshot = try StateSnapshot.decode(StateSnapshot.encode(state, stamp: SnapshotTests.stamp(state))).state
        #expect(snapshot.exercise("calf-press-machine")?.guessed == [.group, .equipment])
        state.apply(try Self.update(4, #""group":"Legs","equipment":"machine""#))
        #expect(state.exercise("calf-press-machine")?.guessed == [])
    }
}
