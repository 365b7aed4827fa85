import Foundation

/// Seed 004 §6's Dart models, line for line: each `init(fromJson:)` reads exactly the keys its
/// Dart `fromJson` reads, with the same casts (`int` where Dart declares `int`, `?? 0` where Dart
/// has it, `.toDouble()`, `DateTime.parse`), so it throws where the app would throw. Keys the app
/// does not read (wlog's extras) are ignored, as Dart ignores them.
enum Dart {
    struct Workout {
        let id: String
        let name: String?
        let notes: String?
        let startedAt: Date
        let completedAt: Date?
        let durationSeconds: Int?
        let totalSets: Int
        let totalReps: Int
        let totalVolumeKg: Double
        let exerciseCount: Int
        let exercises: [WorkoutExercise]?

        init(fromJson json: DartJSON) throws {
            id = try json["id"].string("id")
            name = try json["name"].optionalString("name")
            notes = try json["notes"].optionalString("notes")
            startedAt = try json["startedAt"].dateTime("startedAt")
            completedAt = try json["completedAt"] != .null ? try json["completedAt"].dateTime("completedAt") : nil
            durationSeconds = try json["durationSeconds"].optionalInt("durationSeconds")
            totalSets = try json["totalSets"].optionalInt("totalSets") ?? 0
            totalReps = try json["totalReps"].optionalInt("totalReps") ?? 0
            totalVolumeKg = try json["totalVolumeKg"].optionalDouble("totalVolumeKg") ?? 0
            exerciseCount = try json["exerciseCount"].optionalInt("exerciseCount") ?? 0
            exercises = try json["exercises"] != .null
                ? try json["exercises"].list("exercises").map(WorkoutExercise.init(fromJson:)) : nil
        }

        var isActive: Bool { completedAt == nil }
    }

    struct WorkoutExercise {
        let id: String
        let orderIndex: Int
        let notes: String?
        let exercise: Exercise
        let sets: [ExerciseSet]

        init(fromJson json: DartJSON) throws {
            id = try json["id"].string("id")
            orderIndex = try json["orderIndex"].int("orderIndex")
            notes = try json["notes"].optionalString("notes")
            exercise = try Exercise(fromJson: try json["exercise"])
            sets = try json["sets"].list("sets").map(ExerciseSet.init(fromJson:))
        }
    }

    struct Exercise {
        let id: String
        let name: String
        let category: String
        let primaryMuscle: String
        let secondaryMuscles: [String]?
        let equipment: String
        let isCustom: Bool

        init(fromJson json: DartJSON) throws {
            id = try json["id"].string("id")
            name = try json["name"].string("name")
            category = try json["category"].string("category")
            primaryMuscle = try json["primaryMuscle"].string("primaryMuscle")
            secondaryMuscles = try json["secondaryMuscles"] != .null
                ? try json["secondaryMuscles"].list("secondaryMuscles").map { try $0.string("secondaryMuscles[]") } : nil
            equipment = try json["equipment"].string("equipment")
            isCustom = try json["isCustom"].bool("isCustom", default: false)
        }
    }

    struct ExerciseSet {
        let id: String
        let orderIndex: Int
        let reps: Int?
        let weightKg: Double?
        let rpe: Int?
        let setType: String
        let isCompleted: Bool
        let completedAt: Date?

        init(fromJson json: DartJSON) throws {
            id = try json["id"].string("id")
            orderIndex = try json["orderIndex"].int("orderIndex")
            reps = try json["reps"].optionalInt("reps")
            weightKg = try json["weightKg"].optionalDouble("weightKg")
            rpe = try json["rpe"].optionalInt("rpe")
            setType = try json["setType"].optionalString("setType") ?? "working"
            isCompleted = try json["isCompleted"].bool("isCompleted", default: false)
            completedAt = try json["completedAt"] != .null ? try json["completedAt"].dateTime("completedAt") : nil
        }
    }

    struct Routine {
        let id: String
        let name: String
        let exerciseCount: Int
        let estimatedDuration: Int?
        let exercises: [RoutineExercise]?

        init(fromJson json: DartJSON) throws {
            id = try json["id"].string("id")
            name = try json["name"].string("name")
            exerciseCount = try json["exerciseCount"].int("exerciseCount")
            estimatedDuration = try json["estimatedDuration"].optionalInt("estimatedDuration")
            exercises = try json["exercises"] != .null
                ? try json["exercises"].list("exercises").map(RoutineExercise.init(fromJson:)) : nil
        }
    }

    /// §6 calls `RoutineExercise.fromJson` but never defines it: written as its contractor would,
    /// after `WorkoutExercise` (a required `id`) and the answer's targets (`int` where whole).
    struct RoutineExercise {
        let id: String
        let orderIndex: Int
        let exercise: Exercise
        let targetSets: Int
        let targetRepsLow: Int
        let targetRepsHigh: Int
        let targetRpe: Int?
        let restSeconds: Int?

        init(fromJson json: DartJSON) throws {
            id = try json["id"].string("id")
            orderIndex = try json["orderIndex"].int("orderIndex")
            exercise = try Exercise(fromJson: try json["exercise"])
            targetSets = try json["targetSets"].int("targetSets")
            targetRepsLow = try json["targetRepsLow"].int("targetRepsLow")
            targetRepsHigh = try json["targetRepsHigh"].int("targetRepsHigh")
            targetRpe = try json["targetRpe"].optionalInt("targetRpe")
            restSeconds = try json["restSeconds"].optionalInt("restSeconds")
        }
    }

    /// §4's envelope: `data` of a success answer (the app reads `json['data']`).
    static func data(_ body: String) throws -> DartJSON {
        let envelope = try DartJSON.decode(body)
        guard try envelope["success"] == .bool(true) else { throw DartError.type("success is not true: \(body)") }
        return try envelope["data"]
    }

    /// `data` as a list (`(json['data'] as List).map(...)`).
    static func list<T>(_ body: String, _ make: (DartJSON) throws -> T) throws -> [T] {
        try data(body).list("data").map(make)
    }
}
