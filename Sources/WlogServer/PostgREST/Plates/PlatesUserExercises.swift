import WlogCore
import WlogStore

/// Seed 000's `user_exercises`: the links of a lifter to their exercises. In the engine a custom
/// exercise is its creator's from `exercise.created` on, so each live custom exercise is one
/// link row; inserting the link the app makes after creating an exercise answers that row
/// (nothing to record), and deleting a link retires the exercise. Base exercises are every
/// user's and take no link (docs/PLATES.md, "user_exercises").
struct PlatesUserExercises: RESTTable {
    let name = "user_exercises"
    let columns = [
        RESTColumn(name: "id", type: .uuid, notNull: true, derived: true),
        RESTColumn(name: "user_id", type: .uuid),
        RESTColumn(name: "exercise_id", type: .uuid, notNull: true),
        RESTColumn(name: "created_at", type: .timestamptz, derived: true),
    ]
    let uniqueKeys = [["id"], ["user_id", "exercise_id"]]
    let references = ["exercise_id": "exercises"]
    /// An insert of an existing link answers it: the link is implied by the exercise's creation.
    var insertsExistingRows: Bool { true }

    func rows(_ source: RESTSource) -> [RESTRow] {
        guard let view = source.view else { return [] }
        return view.state.exercises.filter(\.isCustom).map { exercise in
            [
                "id": .text(PlatesValues.linkID(exercise, lifter: view.lifter)),
                "user_id": .text(view.lifter.uuid),
                "exercise_id": .text(PlatesValues.exerciseID(exercise, lifter: view.lifter)),
                "created_at": .null,
                "slug": .text(exercise.id),
            ]
        }
    }

    func insert(_ row: RESTRow, _ writer: inout RESTWriter) throws -> String {
        guard let id = row["exercise_id"]?.text else { throw RESTError.notNull("exercise_id", table: name) }
        guard let exercise = PlatesExercises.exercise(id: id, view: writer.view) else {
            throw RESTError.foreignKey("exercise_id", id, table: name)
        }
        guard exercise.isCustom else {
            throw RESTError.unsupported("linking a base exercise", hint: "base exercises are every user's (is_base.eq.true); they take no link")
        }
        return PlatesValues.linkID(exercise, lifter: writer.view.lifter)
    }

    func update(_ old: RESTRow, _ new: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws {
        if new["exercise_id"] != old["exercise_id"] {
            throw RESTError.unsupported("moving a link to another exercise", hint: "delete the link and insert the new one")
        }
    }

    func delete(_ old: RESTRow, _ writer: inout RESTWriter) throws {
        guard let slug = old["slug"]?.text else { return }
        try writer.decide(.retireExercise(slug))
    }
}

/// The schema of seeds 000 and 002 (the Plates app).
enum PlatesSchema {
    static let schema = RESTSchema(tables: [
        PlatesExercises(), PlatesUserExercises(), PlatesSets(), PlatesProfiles(), PlatesBodyWeightLogs(),
    ])
}
