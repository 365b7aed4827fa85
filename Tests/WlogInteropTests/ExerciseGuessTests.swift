import Testing
import WlogCore
@testable import WlogInterop

/// Unknown imported exercises are classified by the words of their name (issue 18 item 8):
/// `Machine` no longer reads as `chin` (Back), `Crossover` no longer as `row`.
@Suite struct ExerciseGuessTests {
    @Test(arguments: [
        ("Calf Press (Machine)", MuscleGroup.legs, MovementPattern.squat),
        ("Hip Thrust (Machine)", .legs, .hinge),
        ("Crunch (Machine)", .core, .core),
        ("Cable Crossover Ladder", .chest, .push),
        ("Dragon Flag", .core, .core),
        ("Side Bend (Dumbbell)", .core, .core),
        ("Seated Palms Up Wrist Curl", .arms, .pull),
        ("Rear Delt Reverse Fly (Cable)", .shoulders, .push),
        ("Cable 1-Arm Face Pull", .shoulders, .pull),
        ("Seated Cable Row - Bar Wide Grip", .back, .pull),
        ("Chin-Up (Weighted)", .back, .pull),
        ("Lying Leg Curl (Machine)", .legs, .hinge),
        ("Reverse Lunge (Dumbbell)", .legs, .lunge),
        ("Meadows Incline DB Lateral Raise", .shoulders, .push),
        ("JM Press (Barbell)", .triceps, .push),
        ("Zercher Carry", .core, .carry),
        ("Something Else", .core, .core),
    ])
    func groupAndPatternFromTheNamesWords(_ name: String, _ group: MuscleGroup, _ pattern: MovementPattern) {
        let guessed = ExerciseGuess.group(name: name, kind: .strength, category: nil)
        #expect(guessed == group, "\(name)")
        #expect(ExerciseGuess.pattern(group: guessed, name: name) == pattern, "\(name)")
    }

    /// Fine muscles from the name within the guessed group (issue 21): a keyword of the group,
    /// else the group's plain movement; cardio none.
    @Test(arguments: [
        ("Lying Leg Curl (Machine)", [Muscle.hamstrings]),
        ("Hip Thrust (Machine)", [.glutes, .hamstrings]),
        ("Calf Press (Machine)", [.calves]),
        ("Hack Squat Machine", [.quads, .glutes]),
        ("Incline Chest Press (Machine)", [.upperChest, .frontDelts, .triceps]),
        ("Incline Smith Press", [.frontDelts, .sideDelts, .triceps]),
        ("Cable Crossover Ladder", [.middleChest, .lowerChest]),
        ("Meadows Incline DB Lateral Raise", [.sideDelts]),
        ("Cable 1-Arm Face Pull", [.rearDelts, .upperBack]),
        ("Seated Cable Row - Bar Wide Grip", [.upperBack, .lats, .rearDelts, .biceps]),
        ("Chin-Up (Weighted)", [.lats, .upperBack, .biceps]),
        ("Side Bend (Dumbbell)", [.obliques]),
        ("Seated Palms Up Wrist Curl", [.forearms]),
        ("Something Else", [.abs]),
    ])
    func fineMusclesFromTheNamesWords(_ name: String, _ muscles: [Muscle]) {
        let group = ExerciseGuess.group(name: name, kind: .strength, category: nil)
        #expect(ExerciseGuess.muscles(name: name, group: group) == muscles, "\(name) (\(group.rawValue))")
        #expect(ExerciseGuess.muscles(name: name, group: .cardio) == [])
    }

    @Test func theImportReportListsTheGuesses() throws {
        let csv = """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
            "Legs","7 Apr 2026, 10:14","7 Apr 2026, 11:00","","Calf Press (Machine)",,"",0,"normal",100,12,,,

            """
        let plan = try Importer.plan(data: Array(csv.utf8), format: .hevy, options: Fixture.options())
        #expect(plan.report.created.map { "\($0.name) \($0.group.rawValue) \($0.kind.rawValue) \($0.pattern.rawValue)" }
                == ["Calf Press (Machine) Legs strength squat"])
        #expect(plan.report.created.map(\.muscles) == [[.calves]])
    }
}
