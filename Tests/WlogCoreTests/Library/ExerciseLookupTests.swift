import Testing
@testable import WlogCore

@Suite("ExerciseLookup")
struct ExerciseLookupTests {
    let lookup = ExerciseLookup()

    @Test func exactIdNameAndAlias() {
        #expect(lookup.resolve("bench-press").exercise?.name == "Bench Press")
        #expect(lookup.resolve("  BENCH   press ").exercise?.id == "bench-press")
        #expect(lookup.resolve("OHP").exercise?.id == "overhead-press")
        #expect(lookup.resolve("Lateral Raises").exercise?.id == "lateral-raise")
    }

    @Test func nameBeatsAlias() {
        // a custom exercise named like a built-in alias wins over the alias
        let custom = Exercise(id: "bench", name: "Bench", group: .legs, pattern: .core, prReps: 3, isCustom: true)
        let withCustom = ExerciseLookup(exercises: ExerciseLibrary.all + [custom])
        #expect(withCustom.resolve("bench").exercise?.id == "bench")
        #expect(withCustom.resolve("ohp").exercise?.id == "overhead-press")
    }

    @Test func uniquePrefix() {
        #expect(lookup.resolve("romanian dead").exercise?.id == "romanian-deadlift")
        #expect(lookup.resolve("bench pres").exercise?.id == "bench-press")
        #expect(lookup.resolve("skull").exercise?.id == "skull-crusher")
        // prefix of an alias only
        #expect(lookup.resolve("stairmas").exercise?.id == "stair-climber")
    }

    @Test func ambiguousPrefix() {
        guard case .ambiguous(let candidates) = lookup.resolve("incline") else {
            Issue.record("expected ambiguous")
            return
        }
        #expect(candidates.map(\.id) == [
            "incline-bench-press", "incline-dumbbell-curl", "incline-dumbbell-press",
        ])
    }

    @Test func ambiguousSameName() {
        let a = Exercise(id: "c1", name: "Pallof", group: .core, pattern: .core, isCustom: true)
        let b = Exercise(id: "c2", name: "pallof", group: .back, pattern: .core, isCustom: true)
        #expect(ExerciseLookup(exercises: [b, a]).resolve("PALLOF") == .ambiguous([a, b]))
    }

    @Test func didYouMean() {
        guard case .notFound(let suggestions) = lookup.resolve("sqaut") else {
            Issue.record("expected not found")
            return
        }
        // "squat" (alias of Back Squat) is one transposition away; the other squats match by word
        #expect(suggestions.first?.id == "back-squat")
        #expect(suggestions.count == 5)
        // ties at one edit go to the closer length: Bodyweight Squat via "air squat", Wall Sit via "wall squat"
        #expect(suggestions.map(\.id) == ["back-squat", "bodyweight-squat", "box-squat", "hack-squat", "wall-sit"])

        guard case .notFound(let bench) = lookup.resolve("bench prss") else {
            Issue.record("expected not found")
            return
        }
        #expect(bench.first?.id == "bench-press")
        #expect(lookup.suggestions(for: "bench pres").first?.id == "bench-press")
        #expect(lookup.suggestions(for: "dedlift").first?.id == "deadlift")
        #expect(lookup.suggestions(for: "sqaut") == lookup.suggestions(for: "sqaut"))
    }

    @Test func nothingCloseSuggestsNothing() {
        #expect(lookup.resolve("zzzzzzzzzz") == .notFound(suggestions: []))
        #expect(lookup.resolve("   ") == .notFound(suggestions: []))
    }

    @Test func substringSuggestions() {
        // "crusher" is inside "skull crusher" but is no prefix
        guard case .notFound(let found) = lookup.resolve("crusher") else {
            Issue.record("expected not found")
            return
        }
        #expect(found.first?.id == "skull-crusher")
    }

    @Test func editDistance() {
        #expect(ExerciseLookup.editDistance("sqaut", "squat") == 1)
        #expect(ExerciseLookup.editDistance("kitten", "sitting") == 3)
        #expect(ExerciseLookup.editDistance("", "abc") == 3)
        #expect(ExerciseLookup.editDistance("ca", "abc") == 3)
    }

    @Test func importMatchStripsEquipmentSuffixes() {
        func match(_ name: String) -> (String, Equipment?)? {
            ExerciseLookup.importMatch(name: name).map { ($0.exercise.id, $0.equipment) }
        }
        #expect(match("Bench Press (Barbell)")! == ("bench-press", .barbell))
        #expect(match("Bench Press (Dumbbell)")! == ("dumbbell-bench-press", .dumbbell))
        #expect(match("Squat (Barbell)")! == ("back-squat", .barbell))
        #expect(match("Deadlift (Trap Bar)")! == ("trap-bar-deadlift", .trapBar))
        #expect(match("Shrug (Dumbbell)")! == ("dumbbell-shrug", .dumbbell))
        #expect(match("Leg Extension (Machine)")! == ("leg-extension", .machine))
        #expect(match("Lat Pulldown (Cable)")! == ("lat-pulldown", .cable))
        #expect(match("Seated Leg Curl (Machine)")! == ("seated-leg-curl", .machine))
        #expect(match("Triceps Pushdown (Cable - Straight Bar)")! == ("tricep-pushdown", .cable))
        #expect(match("Pull Up (Assisted)")! == ("assisted-pull-up", nil))
        #expect(match("Chin-Up (Assisted)")! == ("assisted-chin-up", .machine))
        #expect(match("Pull Up")! == ("pull-up", nil))
        #expect(match("Running")! == ("running", nil))
        #expect(match("Face Pull (Cable)")! == ("face-pull", .cable))
        #expect(match("Leg Press (Machine)")! == ("leg-press", .machine))
        #expect(match("Hammer Curl (Cable)") == nil)  // a cable hammer curl is not the dumbbell one
        #expect(match("Zercher Carry (Barbell)") == nil)
        #expect(match("My Custom Exercise") == nil)
    }
}

/// Issue 37: an exercise text longer than `Exercise.textLimit` is refused before any matching, and
/// the did-you-mean search compares only strings close in length (linear in the text).
@Suite("ExerciseLookup: text bounds")
struct ExerciseTextBoundTests {
    static let huge = String(repeating: "bench press ", count: 87_382)  // 1,048,584 bytes

    @Test func aTextOverTheLimitFindsNothingAndSuggestsNothing() {
        let lookup = ExerciseLookup()
        guard case .notFound(let suggestions) = lookup.resolve(Self.huge) else {
            Issue.record("a 1 MiB text resolved")
            return
        }
        #expect(suggestions.isEmpty)
        #expect(lookup.suggestions(for: String(repeating: "x", count: Exercise.textLimit + 1)).isEmpty)
        #expect(Exercise.exceedsTextLimit(String(repeating: "é", count: Exercise.textLimit)) == false)
        #expect(Exercise.exceedsTextLimit(String(repeating: "é", count: Exercise.textLimit + 1)) == true)
    }

    @Test func aTextAtTheLimitStillGetsSuggestions() {
        let padded = "bench prss" + String(repeating: " ", count: Exercise.textLimit - 10)
        #expect(ExerciseLookup().suggestions(for: padded).first?.id == "bench-press")
    }

    @Test func decideRefusesAHugeExerciseNamingTheFieldWithoutEchoingIt() {
        let state = FixtureLibrary.state
        let log = refusal(.logSets(LogSets(exercise: Self.huge, reps: 5, weight: .kg(100))), state)
        #expect(log?.message == "set.exercise: \"bench press bench press bench pr…\" (1048584 bytes) is too long"
                + " — an exercise's id, name or alias has at most 200 characters")
        let create = refusal(.createExercise(NewExercise(name: "Press " + Self.huge, group: .chest)), state)
        #expect(create?.field == "exercise.name")
        #expect((create?.message.utf8.count ?? .max) < 200)
    }
}
