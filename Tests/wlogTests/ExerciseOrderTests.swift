import Testing
import WlogCore
@testable import wlog

/// The byte order used for ASCII exercise names is the order `String` gives, and a list with any
/// other name falls back to `String`'s order.
@Suite struct ExerciseOrderTests {
    static func byStrings(_ names: [String], _ ids: [String]) -> [Int] {
        names.indices.sorted { (names[$0], ids[$0]) < (names[$1], ids[$1]) }
    }

    @Test func asciiNamesSortAsStrings() {
        let names = ["Squat", "squat", "Bench Press", "Bench", "Bench Press", "1.5-Rep Squat", "Zercher", "Ab Wheel", "~", " x", "Bench"]
        let ids = ["squat", "squat-2", "bench-press-2", "bench", "bench-press", "one-and-half", "zercher", "ab", "tilde", "x", "bench-0"]
        #expect(ExerciseOrder.byName(names: names, ids: ids) == Self.byStrings(names, ids))
        #expect(ExerciseOrder.byName(names: names, ids: ids).map { names[$0] }.prefix(4) == [" x", "1.5-Rep Squat", "Ab Wheel", "Bench"])
    }

    @Test func otherNamesSortAsStrings() {
        let names = ["Élévation", "Bankdrücken", "Bank", "E\u{301}lan", "Zug", "Ελ", "Bank"]
        let ids = ["elevation", "bankdruecken", "bank-2", "elan", "zug", "el", "bank-1"]
        #expect(ExerciseOrder.byName(names: names, ids: ids) == Self.byStrings(names, ids))
    }
}
