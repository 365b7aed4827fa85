import Testing
@testable import WlogCore

/// `--group`: a fine muscle means exercises that list it; a group, the exercise's primary group;
/// anything else is refused (issue 21: `--group hamstrings` meant all of Legs).
struct MuscleFilterTests {
    @Test(arguments: [
        ("hamstrings", MuscleFilter.muscle(.hamstrings)), ("Hamstring", .muscle(.hamstrings)), ("front delts", .muscle(.frontDelts)),
        ("upper-back", .muscle(.upperBack)), ("QUADS", .muscle(.quads)), ("abs", .muscle(.abs)), ("lats", .muscle(.lats)),
        ("legs", .group(.legs)), ("Chest", .group(.chest)), ("pecs", .group(.chest)), ("delts", .group(.shoulders)),
        ("core", .group(.core)),
    ])
    func names(_ text: String, _ expected: MuscleFilter) {
        #expect(MuscleFilter(parsing: text) == expected)
    }

    @Test func unknownNamesAreNil() {
        for text in ["", "nonsense", "hamstringz", "legs day"] { #expect(MuscleFilter(parsing: text) == nil, "\(text)") }
    }

    @Test func aMuscleMatchesTheExercisesThatListIt() throws {
        let state = WlogState.initial
        let legCurl = try #require(state.exercise("leg-curl")), squat = try #require(state.exercise("back-squat"))
        #expect(MuscleFilter.muscle(.hamstrings).matches(legCurl))
        #expect(!MuscleFilter.muscle(.hamstrings).matches(squat))
        #expect(MuscleFilter.group(.legs).matches(squat) && MuscleFilter.group(.legs).matches(legCurl))
    }

    @Test func historyNarrowsToTheMuscle() {
        var j = PlanJournal()
        j.sets("back-squat", .kg(100), 5, count: 3, at: Clock.at(2026, 1, 5, 10))
        j.sets("leg-curl", .kg(40), 10, count: 3, at: Clock.at(2026, 1, 7, 10))
        let context = QueryContext.at(Clock.at(2026, 1, 8, 10))
        #expect(j.state.history(HistoryFilter(group: .muscle(.hamstrings)), context: context).days.map(\.day) == [Clock.day(2026, 1, 7)])
        #expect(j.state.history(HistoryFilter(group: .group(.legs)), context: context).days.count == 2)
    }
}
