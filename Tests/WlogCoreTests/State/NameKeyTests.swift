import Testing
@testable import WlogCore

/// The state's byte-wise name key is `Exercise.nameKey`, ASCII or not.
@Suite("Name keys")
struct NameKeyTests {
    @Test("the fast name key equals Exercise.nameKey", arguments: [
        "Bench Press", "  bench\tpress  ", "BENCH   PRESS", "", " ", "\t\t", "Barbell Row (Pendlay)",
        "Squat-Front", "Übung Kniebeuge", "café  AU lait", "ŞEYMA  press", "a\u{00A0}b", "Z@[`{", "A\r\nB",
    ])
    func sameAsExercise(text: String) {
        #expect(WlogState.nameKey(text) == Exercise.nameKey(text))
    }

    @Test("every built-in exercise's keys are the ones Exercise.nameKey makes")
    func library() {
        for exercise in WlogState.defaultLibrary {
            #expect(WlogState.nameKeys(of: exercise) == [Exercise.nameKey(exercise.name)] + exercise.aliases.map(Exercise.nameKey))
        }
    }
}
