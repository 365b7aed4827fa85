import Testing
@testable import WlogCore

@Suite("ExerciseLibrary")
struct ExerciseLibraryTests {
    let lookup = ExerciseLookup()

    @Test func sizeIsThatOfARealLibrary() {
        #expect(ExerciseLibrary.all.count >= 80)
        #expect(ExerciseLibrary.all.count <= 150)
    }

    @Test func idsAreUniqueSlugsOfNames() {
        var ids: Set<String> = []
        for exercise in ExerciseLibrary.all {
            #expect(exercise.id == Exercise.slug(exercise.name), "\(exercise.name)")
            #expect(ids.insert(exercise.id).inserted, "duplicate id \(exercise.id)")
            #expect(exercise.prReps == 1)
            #expect(!exercise.isCustom)
            #expect(!exercise.muscles.isEmpty, "\(exercise.name) has no muscles")
            #expect(!exercise.secondary.contains(exercise.group), "\(exercise.name)")
        }
    }

    @Test func namesAndAliasesNameOneExerciseEach() {
        var owner: [String: String] = [:]
        for exercise in ExerciseLibrary.all {
            for text in [exercise.name] + exercise.aliases {
                let key = Exercise.nameKey(text)
                if let other = owner[key], other != exercise.id {
                    Issue.record("\(text) names both \(other) and \(exercise.id)")
                }
                owner[key] = exercise.id
            }
            #expect(Set(exercise.aliases.map(Exercise.nameKey)).count == exercise.aliases.count, "\(exercise.name)")
        }
    }

    /// Seed 003's twelve, seed 000's twenty-one base exercises (its cardio three included).
    @Test(arguments: [
        "Bench Press", "Squat", "Deadlift", "Overhead Press", "Pull-up", "Row", "Lat Pulldown", "Curl",
        "Tricep Pushdown", "Leg Press", "Leg Curl", "Calf Raise",
        "Incline Dumbbell Press", "Cable Flyes", "Barbell Row", "Pull-ups", "Romanian Deadlift",
        "Lateral Raises", "Face Pulls", "Barbell Curl", "Hammer Curls", "Plank", "Cable Crunches",
        "Hanging Leg Raises", "Running", "Cycling", "Rowing", "Barbell Bench Press",
    ])
    func everySeedExerciseIsPresent(name: String) {
        #expect(lookup.resolve(name).exercise != nil, "\(name)")
        #expect(ExerciseLibrary.byNameKey[Exercise.nameKey(name)] != nil, "\(name) is not a name or alias")
    }

    @Test func seedGroupsAndKinds() {
        func named(_ id: String) -> Exercise? { ExerciseLibrary.exercise(id: id) }
        #expect(named("bench-press")?.group == .chest)
        #expect(named("deadlift")?.group == .back)
        #expect(named("romanian-deadlift")?.group == .legs)
        #expect(named("face-pull")?.group == .shoulders)
        #expect(named("plank")?.kind == .timed)
        #expect(named("pull-up")?.kind == .bodyweight)
        #expect(named("dip")?.kind == .bodyweight)
        #expect(named("push-up")?.kind == .bodyweight)
        #expect(named("chin-up")?.kind == .bodyweight)
        #expect(named("assisted-pull-up")?.kind == .assisted)
        #expect(named("assisted-dip")?.kind == .assisted)
        #expect(named("dead-hang")?.kind == .timed)
        for id in ["running", "cycling", "rowing", "walking", "swimming"] {
            #expect(named(id)?.kind == .cardio, "\(id)")
            #expect(named(id)?.group == .cardio, "\(id)")
            #expect(named(id)?.pattern == .cardio, "\(id)")
        }
    }

    @Test func shortNamesLiftersType() {
        let expected = [
            "bench": "bench-press", "ohp": "overhead-press", "rdl": "romanian-deadlift",
            "squat": "back-squat", "dl": "deadlift", "run": "running", "pull up": "pull-up",
            "Bench Press (Barbell)": "bench-press", "Squat (Barbell)": "back-squat",
            "Deadlift (Barbell)": "deadlift", "Pull Up": "pull-up", "Chin Up": "chin-up", "Running": "running",
        ]
        for (text, id) in expected {
            #expect(lookup.resolve(text).exercise?.id == id, "\(text)")
        }
    }

    @Test func staysOnFirstUseTables() {
        #expect(ExerciseLibrary.exercise(id: "bench-press")?.name == "Bench Press")
        #expect(ExerciseLibrary.exercise(id: "nope") == nil)
        #expect(ExerciseLibrary.byID.count == ExerciseLibrary.all.count)
    }
}
