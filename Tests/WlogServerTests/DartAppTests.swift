import Foundation
import HummingbirdTesting
import Testing

/// Seed 004's app as its contractor writes it: every answer of §8's core flow parsed with §6's
/// models (`Dart`, line for line), for a lifter who also logs from the CLI in pounds with a half
/// RPE and on a day without a session, with a cardio and a timed exercise in the workout. Any
/// answer the Dart app could not parse fails here.
@Suite struct DartAppTests {
    static let lifter = "31313131-3131-4131-8131-313131313131"

    @Test(arguments: StoreBackend.available)
    func everyAnswerOfTheCoreFlowParses(_ backend: StoreBackend) async throws {
        try await ServerHarness.withAPI(backend, as: Self.lifter) { harness, api in
            _ = try await api.get("workouts").success(.ok, meta: ["page": 1, "pageSize": 20, "total": 0, "hasMore": false])
            _ = try await harness.appendByCLI(Self.lifter, ["settings", "set", "unit", "lb"])
            _ = try await harness.appendByCLI(Self.lifter, ["append", "set", "bench press", "185lbx5", "@8.5", "--at", "2026-01-14T18:00:00Z"])
            _ = try await harness.appendByCLI(Self.lifter, ["append", "routine", "--file", "-"], stdin: SeedFlowTests.routine)
            _ = try await harness.appendByCLI(Self.lifter, ["append", "routine", "--file", "-"], stdin: Self.halfRoutine)

            // Exercise Picker: "load everything" (§5 names no maximum page size).
            let library = try await Dart.list(try await api.get("exercises?pageSize=1000").body, Dart.Exercise.init(fromJson:))
            #expect(library.count >= 134)

            // Workout Home → Quick Start → Active Workout.
            let created = try Dart.Workout(fromJson: try Dart.data(try await api.post("workouts", #"{"name":"Push Day"}"#).body))
            #expect(created.isActive && created.name == "Push Day" && created.exercises?.isEmpty == true)
            let workout = created.id
            for exercise in ["bench-press", "rowing", "plank"] {
                let entry = try Dart.WorkoutExercise(fromJson: try Dart.data(
                    try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"\#(exercise)"}"#).body))
                #expect(entry.exercise.id == exercise)
            }
            // Bench again at the end: a second entry with its own id, its sets logged through it.
            let again = try Dart.WorkoutExercise(fromJson: try Dart.data(
                try await api.post("workouts/\(workout)/exercises", #"{"exerciseId":"bench-press"}"#).body))
            #expect(again.id != "bench-press" && again.exercise.id == "bench-press" && again.orderIndex == 3 && again.sets.isEmpty)
            let backOff = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.post(
                "workouts/\(workout)/exercises/\(again.id)/sets", #"{"reps":12,"weightKg":60,"rpe":7,"setType":"working","isCompleted":true}"#).body))
            #expect(backOff.orderIndex == 0 && backOff.reps == 12)
            // Log Set (§5's body), a cardio and a timed set (the fields an app that knows them sends),
            // and a set the CLI logs into the session with a half RPE.
            let first = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.post(
                "workouts/\(workout)/exercises/bench-press/sets", #"{"reps":8,"weightKg":80.0,"rpe":7,"setType":"working","isCompleted":true}"#).body))
            #expect(first.rpe == 7 && first.reps == 8 && first.weightKg == 80)
            _ = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.post(
                "workouts/\(workout)/exercises/rowing/sets", #"{"distanceMeters":2000,"durationSeconds":480}"#).body))
            _ = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.post(
                "workouts/\(workout)/exercises/plank/sets", #"{"durationSeconds":60}"#).body))
            _ = try await harness.appendByCLI(Self.lifter, ["append", "set", "bench press", "180lbx8", "@8.5", "--at", "2026-01-15T09:40:00Z"])
            let half = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.post(
                "workouts/\(workout)/exercises/bench-press/sets", #"{"reps":8,"weightKg":80,"rpe":8.5}"#).body))
            #expect(half.rpe == 9)
            let patched = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.patch(
                "workouts/\(workout)/exercises/bench-press/sets/\(first.id)", #"{"reps":10,"weightKg":82.5}"#).body))
            #expect(patched.reps == 10 && patched.weightKg == 82.5)

            // Reload of the Active Workout, Finish, Summary, History, Workout Detail.
            let active = try Dart.Workout(fromJson: try Dart.data(try await api.get("workouts/\(workout)").body))
            #expect(active.exercises?.map(\.exercise.id) == ["bench-press", "rowing", "plank", "bench-press"])
            #expect(active.exercises?.map(\.id) == ["bench-press", "rowing", "plank", again.id])
            #expect(active.exercises?[0].sets.compactMap(\.rpe).sorted() == [7, 9, 9])
            #expect(active.exercises?[3].sets.map(\.reps) == [12])
            let finished = try Dart.Workout(fromJson: try Dart.data(try await api.patch(
                "workouts/\(workout)", #"{"completedAt":"2026-01-15T10:45:00Z","notes":"Great session"}"#).body))
            #expect(!finished.isActive && finished.notes == "Great session")
            let history = try Dart.list(try await api.get("workouts?page=1&pageSize=20").body, Dart.Workout.init(fromJson:))
            #expect(history.map(\.id) == [workout, "2026-01-14"])
            for item in history {
                let detail = try Dart.Workout(fromJson: try Dart.data(try await api.get("workouts/\(item.id)").body))
                #expect(detail.exercises?.isEmpty == false)
            }
            // The CLI's day without a session takes Workout Detail's writes: a set, a name.
            let added = try Dart.ExerciseSet(fromJson: try Dart.data(try await api.post(
                "workouts/2026-01-14/exercises/bench-press/sets", #"{"reps":5,"weightKg":85,"setType":"working","isCompleted":true}"#).body))
            #expect(added.reps == 5 && added.orderIndex == 1)
            let named = try Dart.Workout(fromJson: try Dart.data(try await api.patch("workouts/2026-01-14", #"{"name":"Bench"}"#).body))
            #expect(named.name == "Bench" && named.id != "2026-01-14" && !named.isActive)
            #expect(named.exercises?.map { $0.sets.count } == [2])

            // A routine the app makes, edits (the same exercise twice, a half target RPE) and deletes (beyond §5).
            let made = try Dart.Routine(fromJson: try Dart.data(try await api.post("routines", RoutineWriteTests.push).body))
            #expect(made.exercises?.map(\.id) == ["bench-press", "overhead-press"] && made.exercises?.first?.targetRpe == 9)
            let edited = try Dart.Routine(fromJson: try Dart.data(try await api.patch("routines/\(made.id)", #"{"name":"Push B","exercises":["#
                + #"{"exerciseId":"bench-press","targetSets":3,"targetRepsLow":5,"targetRpe":7.5},{"exerciseId":"plank","targetSets":2,"targetRepsLow":1},"#
                + #"{"exerciseId":"bench-press","targetSets":2,"targetRepsLow":12}]}"#).body))
            #expect(edited.name == "Push B" && edited.exercises?.map(\.id) == ["bench-press", "plank", "bench-press.2"])
            #expect(edited.exercises?.map(\.targetRpe) == [8, nil, nil] && edited.exerciseCount == 3)
            #expect(try await api.delete("routines/\(made.id)").status == .noContent)

            // Routine List → Start from a routine (one with a half target RPE).
            let routines = try Dart.list(try await api.get("routines").body, Dart.Routine.init(fromJson:))
            #expect(routines.count == 2)
            for routine in routines {
                let detail = try Dart.Routine(fromJson: try Dart.data(try await api.get("routines/\(routine.id)").body))
                #expect(detail.exercises?.count == routine.exerciseCount)
                let started = try Dart.Workout(fromJson: try Dart.data(try await api.post("routines/\(routine.id)/start").body))
                #expect(started.exercises?.count == routine.exerciseCount)
                #expect(started.isActive)
            }
        }
    }

    /// A routine whose day plans a half target RPE (`rpe: 8.5`).
    static let halfRoutine = #"{"id":"half","name":"Half","days":[{"title":"Heavy","exercises":["#
        + #"{"exercise":"deadlift","sets":3,"reps":5,"rpe":8.5,"rest":180}]}]}"#

    /// The mirror throws where Dart's `fromJson` throws (and only there): the answers the API gave
    /// before issue 31 (`"rpe": 8.5`) fail it, a missing required field fails it, wlog's extra
    /// fields do not.
    @Test func theModelsThrowWhereDartThrows() throws {
        let set = #"{"id":"s","orderIndex":0,"reps":8,"weightKg":80,"rpe":8,"rpeExact":8,"setType":"working","isCompleted":true,"#
            + #""completedAt":"2026-01-15T09:35:00Z","notes":null}"#
        #expect(try Dart.ExerciseSet(fromJson: try DartJSON.decode(set)).rpe == 8)
        #expect(throws: DartError.self) { try Dart.ExerciseSet(fromJson: try DartJSON.decode(set.replacingOccurrences(of: #""rpe":8,"#, with: #""rpe":8.5,"#))) }
        #expect(throws: DartError.self) { try Dart.ExerciseSet(fromJson: try DartJSON.decode(set.replacingOccurrences(of: #""rpe":8,"#, with: #""rpe":8.0,"#))) }
        #expect(throws: DartError.self) { try Dart.ExerciseSet(fromJson: try DartJSON.decode(set.replacingOccurrences(of: #""orderIndex":0,"#, with: ""))) }
        #expect(throws: DartError.self) { try Dart.ExerciseSet(fromJson: try DartJSON.decode(set.replacingOccurrences(of: "2026-01-15T09:35:00Z", with: "yesterday"))) }
        let workout = #"{"id":"w","name":null,"startedAt":"2026-01-15T09:30:00Z","totalSets":1,"totalVolumeKg":640,"exercises":null}"#
        #expect(try Dart.Workout(fromJson: try DartJSON.decode(workout)).totalVolumeKg == 640)
        #expect(throws: DartError.self) { try Dart.Workout(fromJson: try DartJSON.decode(workout.replacingOccurrences(of: #""totalSets":1"#, with: #""totalSets":1.5"#))) }
        #expect(throws: DartError.self) { try Dart.Workout(fromJson: try DartJSON.decode(workout.replacingOccurrences(of: #""id":"w""#, with: #""id":null"#))) }
    }
}
