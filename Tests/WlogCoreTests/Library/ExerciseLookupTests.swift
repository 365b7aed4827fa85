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
