import Testing
import WlogCore

@Suite("Workout label")
struct WorkoutLabelTests {
    func label(_ items: (MuscleGroup, Int)...) -> String {
        WorkoutLabel.label(items.map { WorkoutLabel.Item(group: $0.0, sets: $0.1) })
    }

    @Test func legs() {
        #expect(label((.legs, 3), (.legs, 4)) == "Legs")
        #expect(label((.legs, 3), (.core, 3), (.cardio, 1)) == "Legs")
    }

    @Test func push() {
        #expect(label((.chest, 3), (.shoulders, 3)) == "Push")
        #expect(label((.chest, 3), (.triceps, 3)) == "Push")
        #expect(label((.chest, 3), (.shoulders, 3), (.triceps, 2), (.shoulders, 2), (.core, 3)) == "Push")
    }

    @Test func pullAllowsOneShoulderExercise() {
        #expect(label((.back, 3), (.biceps, 3)) == "Pull")
        #expect(label((.back, 3), (.biceps, 2), (.shoulders, 3)) == "Pull")
        // Two shoulder exercises: not Pull; Shoulders has the most exercises, Back beats Biceps on sets.
        #expect(label((.back, 3), (.biceps, 2), (.shoulders, 3), (.shoulders, 3)) == "Shoulders & Back")
    }

    @Test func sharms() {
        #expect(label((.shoulders, 3), (.biceps, 3)) == "Sharms")
        #expect(label((.shoulders, 3), (.arms, 2), (.triceps, 3), (.core, 2)) == "Sharms")
    }

    @Test func fallbackTopTwoByExercisesThenSetsThenAlphabet() {
        #expect(label((.chest, 3), (.back, 3)) == "Back & Chest")
        #expect(label((.chest, 3), (.back, 4), (.legs, 4)) == "Back & Legs")
        #expect(label((.chest, 3), (.chest, 3), (.back, 2), (.legs, 5)) == "Chest & Legs")
        #expect(label((.biceps, 3), (.triceps, 3)) == "Biceps & Triceps")
        #expect(label((.chest, 3)) == "Chest")
        #expect(label((.chest, 3), (.biceps, 3)) == "Biceps & Chest")
    }

    @Test func coreAndCardioOnlyWhenAlone() {
        #expect(label((.core, 3), (.cardio, 1)) == "Core & Cardio")
        #expect(label((.cardio, 1)) == "Cardio")
        #expect(label((.back, 1), (.core, 5), (.core, 5)) == "Back")
        #expect(label() == "Workout")
    }
}
