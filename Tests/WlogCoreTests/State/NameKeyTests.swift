import Testing
@testable import WlogCore

/// `Exercise.nameKey`'s byte-wise path gives the character-wise key, ASCII or not.
@Suite("Name keys")
struct NameKeyTests {
    @Test("the byte-wise name key equals the character-wise one", arguments: [
        "Bench Press", "  bench\tpress  ", "BENCH   PRESS", "", " ", "\t\t", "Barbell Row (Pendlay)",
        "Squat-Front", "Übung Kniebeuge", "café  AU lait", "ŞEYMA  press", "a\u{00A0}b", "Z@[`{", "A\r\nB",
    ])
    func sameAsExercise(text: String) {
        #expect(Exercise.nameKey(text) == Exercise.unicodeNameKey(text))
    }

    @Test("every built-in exercise's keys are the ones Exercise.nameKey makes")
    func library() {
        for exercise in WlogState.defaultLibrary {
            #expect(WlogState.nameKeys(of: exercise) == [Exercise.unicodeNameKey(exercise.name)] + exercise.aliases.map(Exercise.unicodeNameKey))
        }
    }

    @Test("the default library's names are found lazily as eagerly; added names come after the library's, and survive a snapshot")
    func libraryThenAddedNames() throws {
        let eager = WlogState(builtIns: WlogState.defaultLibrary)
        for name in ["Bench Press", "bench", "Squat", "OHP", "deadlift", "no such lift"] {
            #expect(WlogState.initial.exercises(named: name).map(\.id) == eager.exercises(named: name).map(\.id))
        }
        #expect(WlogState.initial.nameIndex.isEmpty && eager.libraryNameIndex != nil)
        // A custom exercise named like a built-in one: both found, the library's first for a name match.
        let at = Instant(millisecondsSince1970: 1_700_000_000_000)
        let custom = Exercise(id: "my-bench", name: "Bench Press", group: .chest, pattern: .push, isCustom: true, aliases: ["my flat bench"])
        var state = WlogState.initial
        state.apply(Event(envelope: Envelope(seq: 1, id: EventID(high: 1, low: 1), occurred: ZonedInstant(at, offsetMinutes: 0),
                                             recorded: at, actor: "user"),
                          payload: .exerciseCreated(custom)))
        #expect(state.nameIndex == ["bench press": ["my-bench"], "my flat bench": ["my-bench"]])
        #expect(state.exercises(named: "bench press").map(\.id) == ["bench-press", "my-bench"])
        #expect(state.exercise(named: "Bench Press", group: .chest)?.id == "bench-press")
        #expect(state.exercise(named: "my flat bench", group: .chest)?.id == "my-bench")
        let stamp = SnapshotStamp(journalID: "j", lastSeq: 1, tailDigest: 0, chainHead: "", sealedThrough: 0)
        let decoded = try StateSnapshot.decode(StateSnapshot.encode(state, stamp: stamp)).state
        #expect(decoded == state && decoded.exercises(named: "bench press").map(\.id) == ["bench-press", "my-bench"])
    }
}
