import WlogCore
import WlogStore

/// Seed 000's `exercises` (with seed 002's `uses_body_weight`): the built-in library as the base
/// rows every user sees, and the lifter's custom exercises (`exercise.created`, private to them).
/// An insert is `exercise.created`, an update `exercise.updated` (on a base row too: each lifter's
/// library is their own, so a pinned note on Bench Press is theirs alone), a delete of a custom
/// row `exercise.retired`.
struct PlatesExercises: RESTTable {
    let name = "exercises"
    let columns = [
        RESTColumn(name: "id", type: .uuid, notNull: true, derived: true),
        RESTColumn(name: "name", type: .text, notNull: true),
        RESTColumn(name: "muscle_group", type: .text, notNull: true),
        RESTColumn(name: "exercise_type", type: .text),
        RESTColumn(name: "default_pr_reps", type: .integer),
        RESTColumn(name: "is_base", type: .boolean),
        RESTColumn(name: "uses_body_weight", type: .boolean),
        RESTColumn(name: "pinned_note", type: .text),
        RESTColumn(name: "created_at", type: .timestamptz, derived: true),
    ]
    let uniqueKeys = [["id"]]
    let references: [String: String] = [:]
    var ownerColumn: String? { nil }

    func rows(_ source: RESTSource) -> [RESTRow] {
        guard let view = source.view else { return ExerciseLibrary.all.map { Self.row($0, lifter: nil) } }
        return view.state.exercises.map { Self.row($0, lifter: view.lifter) }
    }

    static func row(_ exercise: Exercise, lifter: LifterID?) -> RESTRow {
        [
            "id": .text(PlatesValues.exerciseID(exercise, lifter: lifter)),
            "name": .text(exercise.isCustom ? exercise.name : PlatesValues.baseNames[exercise.id] ?? exercise.name),
            "muscle_group": .text(exercise.group.rawValue),
            "exercise_type": .text(exercise.kind == .cardio ? "cardio" : "strength"),
            "default_pr_reps": .number(Double(exercise.prReps)),
            "is_base": .bool(!exercise.isCustom),
            "uses_body_weight": .bool(exercise.kind == .bodyweight),
            "pinned_note": exercise.pinnedNote.map { .text($0) } ?? .null,
            "created_at": .null,
            "slug": .text(exercise.id),
        ]
    }

    /// The lifter's exercise whose Plates id is `id` (base or their own custom one), or nil.
    static func exercise(id: String, view: LifterView) -> Exercise? {
        PlatesValues.exercise(id: id, view: view).flatMap { view.state.isRetired($0.id) ? nil : $0 }
    }

    func allows(_ operation: RESTOperation, _ row: RESTRow, _ source: RESTSource) -> Bool {
        operation == .update || row["is_base"] == .bool(false)
    }

    func insert(_ row: RESTRow, _ writer: inout RESTWriter) throws -> String {
        if row["is_base"] == .bool(true) { throw RESTError.rowLevelSecurity(table: name, anonymous: false) }
        guard let text = row["name"]?.text else { throw RESTError.notNull("name", table: name) }
        let group = try Self.group(row["muscle_group"], table: name)
        let kind = try Self.kind(type: row["exercise_type"], bodyWeight: row["uses_body_weight"], old: nil, table: name)
        let prReps = row["default_pr_reps"]?.number.map { Int($0) } ?? 1
        let new = NewExercise(name: text, group: group, kind: kind, prReps: prReps, pinnedNote: row["pinned_note"]?.text)
        let events = try writer.decide(.createExercise(new))
        guard case .exerciseCreated(let exercise)? = events.first?.payload, exercise.isCustom else {
            throw RESTError.unique(["name", "muscle_group"], text + ", " + group.rawValue, table: name)
        }
        return PlatesValues.exerciseID(exercise, lifter: writer.view.lifter)
    }

    func update(_ old: RESTRow, _ new: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws {
        guard let slug = old["slug"]?.text, let exercise = writer.view.state.exercise(slug) else { return }
        if let value = patch["is_base"], value != old["is_base"] { throw RESTError.derived("is_base", table: name) }
        var change = ExerciseUpdated(exercise: slug)
        if patch["name"] != nil {
            guard let text = new["name"]?.text else { throw RESTError.notNull("name", table: name) }
            if text != old["name"]?.text { change.name = text }
        }
        if patch["muscle_group"] != nil {
            let group = try Self.group(new["muscle_group"], table: name)
            if group != exercise.group { change.group = group }
        }
        if patch["exercise_type"] != nil || patch["uses_body_weight"] != nil {
            let kind = try Self.kind(type: new["exercise_type"], bodyWeight: new["uses_body_weight"], old: exercise.kind, table: name)
            if kind != exercise.kind { change.kind = kind }
        }
        if patch["default_pr_reps"] != nil {
            guard let n = new["default_pr_reps"]?.number else { throw RESTError.notNull("default_pr_reps", table: name) }
            if Int(n) != exercise.prReps { change.prReps = Int(n) }
        }
        if patch["pinned_note"] != nil { change.pinnedNote = new["pinned_note"]?.text ?? "" }
        guard change != ExerciseUpdated(exercise: slug) else { return }
        try writer.decide(.updateExercise(change))
    }

    func delete(_ old: RESTRow, _ writer: inout RESTWriter) throws {
        guard let slug = old["slug"]?.text else { return }
        try writer.decide(.retireExercise(slug))
    }

    /// Seed 000's nine muscle groups, exactly as it spells them (`23514` otherwise).
    static func group(_ value: RESTValue?, table: String) throws(RESTError) -> MuscleGroup {
        guard let text = value?.text else { throw .notNull("muscle_group", table: table) }
        guard let group = MuscleGroup(rawValue: text) else {
            throw .check("muscle_group \"\(text)\" is not one of " + MuscleGroup.allCases.map(\.rawValue).joined(separator: ", "), table: table)
        }
        return group
    }

    /// The engine's kind from `exercise_type` and `uses_body_weight` (a timed or assisted
    /// exercise stays so while it is still a non-body-weight strength one).
    static func kind(type: RESTValue?, bodyWeight: RESTValue?, old: ExerciseKind?, table: String) throws(RESTError) -> ExerciseKind {
        let typeText = type?.text ?? "strength"
        guard typeText == "strength" || typeText == "cardio" else {
            throw .check("exercise_type \"\(typeText)\" is not strength or cardio", table: table)
        }
        let usesBodyWeight = bodyWeight == .bool(true)
        if typeText == "cardio" {
            guard !usesBodyWeight else { throw .check("a cardio exercise does not use body weight (uses_body_weight is for strength)", table: table) }
            return .cardio
        }
        if usesBodyWeight { return .bodyweight }
        if let old, old == .timed || old == .assisted || old == .strength { return old }
        return .strength
    }
}
