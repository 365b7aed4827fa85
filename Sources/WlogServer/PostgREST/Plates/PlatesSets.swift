import WlogCore
import WlogStore

/// Seed 000's `sets`: the lifter's live sets. An insert is `set.logged` (into the workout in
/// progress, else the day's), an update `set.edited`, a delete `set.deleted` (kept in the audit).
/// Weight in lb, distance in miles, duration in whole minutes; a set has weight and reps or
/// distance and duration, never both, never neither, never half (`23514`).
struct PlatesSets: RESTTable {
    let name = "sets"
    let columns = [
        RESTColumn(name: "id", type: .uuid, notNull: true),
        RESTColumn(name: "exercise_id", type: .uuid, notNull: true),
        RESTColumn(name: "user_id", type: .uuid),
        RESTColumn(name: "weight", type: .numeric),
        RESTColumn(name: "reps", type: .integer),
        RESTColumn(name: "distance", type: .numeric),
        RESTColumn(name: "duration", type: .integer),
        RESTColumn(name: "date", type: .timestamptz),
        RESTColumn(name: "notes", type: .text),
        RESTColumn(name: "created_at", type: .timestamptz, derived: true),
    ]
    let uniqueKeys = [["id"]]
    let references = ["exercise_id": "exercises"]

    func rows(_ source: RESTSource) -> [RESTRow] {
        guard let view = source.view else { return [] }
        return rows(view.state.liveSets, view: view)
    }

    /// `exercise_id=eq.X` (the app's exercise page) and `id=eq.X` (an edit) make only the rows of
    /// that exercise or set: a 20-year history's other sets are never made into rows.
    func rows(_ source: RESTSource, narrowedBy filters: [RESTFilter]) -> [RESTRow] {
        guard let view = source.view else { return [] }
        if let id = RESTFilter.pinned("id", in: filters) {
            guard let event = id.text.flatMap(APIID.event), let set = view.state.set(event), set.isLive else { return [] }
            return rows([set], view: view)
        }
        if let id = RESTFilter.pinned("exercise_id", in: filters) {
            guard let (exercise, exerciseID) = Self.exercise(id, view: view) else { return [] }
            let live = view.state.lazyLiveSets
            return live.positions(ofExercise: exercise.id).map { row(live[$0], exerciseID: exerciseID, view: view) }
        }
        return rows(source)
    }

    /// The exercise page in date order (`exercise_id=eq.X`, `order=date.desc` or `date.asc` or
    /// none): the exercise's sets found by their rows, ordered by when they were performed (ties
    /// in history order, as the engine's stable sort leaves them), each made into a row only when
    /// the page reaches it.
    func walk(_ source: RESTSource, narrowedBy filters: [RESTFilter], order: [RESTOrder]) -> AnyIterator<RESTRow>? {
        guard let view = source.view, RESTFilter.pinned("id", in: filters) == nil,
              let id = RESTFilter.pinned("exercise_id", in: filters), order.count <= 1, order.allSatisfy({ $0.column == "date" })
        else { return nil }
        guard let (exercise, exerciseID) = Self.exercise(id, view: view) else { return AnyIterator { nil } }
        let live = view.state.lazyLiveSets
        var keyed = live.positions(ofExercise: exercise.id).map { (performed: live.performed(at: $0).instant, position: $0) }
        if let descending = order.first?.descending {
            // `date` is never null: only the direction orders.
            keyed.sort { a, b in a.performed != b.performed ? (a.performed < b.performed) != descending : a.position < b.position }
        }
        var next = keyed.makeIterator()
        return AnyIterator { next.next().map { row(live[$0.position], exerciseID: exerciseID, view: view) } }
    }

    /// The exercise whose Plates id is `id`, retired ones included (their sets are rows still),
    /// with that id as a row's value.
    private static func exercise(_ id: RESTValue, view: LifterView) -> (Exercise, RESTValue)? {
        guard let text = id.text, let exercise = PlatesValues.exercise(id: text, view: view) else { return nil }
        return (exercise, .text(text))
    }

    private func rows(_ sets: some Sequence<LoggedSet>, view: LifterView) -> [RESTRow] {
        var exerciseIDs: [String: RESTValue] = [:]
        return sets.map { set in
            let exerciseID = exerciseIDs[set.exercise] ?? {
                let id: RESTValue = view.state.exercise(set.exercise).map { .text(PlatesValues.exerciseID($0, lifter: view.lifter)) } ?? .null
                exerciseIDs[set.exercise] = id
                return id
            }()
            return row(set, exerciseID: exerciseID, view: view)
        }
    }

    private func row(_ set: LoggedSet, exerciseID: RESTValue, view: LifterView) -> RESTRow {
        [
            "id": PlatesValues.uuid(set.id),
            "exercise_id": exerciseID,
            "user_id": .text(view.lifter.uuid),
            "weight": PlatesValues.pounds(set.weight),
            "reps": set.reps.map { .number(Double($0)) } ?? .null,
            "distance": PlatesValues.miles(set.distance),
            "duration": PlatesValues.minutes(set.durationMilliseconds),
            "date": .time(set.performed),
            "notes": set.notes.map { .text($0) } ?? .null,
            "created_at": PlatesValues.time(set.loggedRecorded),
        ]
    }

    func insert(_ row: RESTRow, _ writer: inout RESTWriter) throws -> String {
        let view = writer.view
        if let id = row["id"]?.text, let event = APIID.event(id), view.state.contains(eventID: event) {
            throw RESTError.unique(["id"], id, table: name)
        }
        let exercise = try exercise(row, view: view)
        try check(row)
        let command = LogSets(exercise: exercise.id, at: PlatesValues.zoned(row["date"], view: view) ?? writer.context.zonedNow,
                              reps: row["reps"]?.number.map { Int($0) }, weight: PlatesValues.mass(row["weight"]),
                              distance: PlatesValues.distance(row["distance"]),
                              durationMilliseconds: PlatesValues.milliseconds(row["duration"]), notes: row["notes"]?.text)
        let events = try writer.decide(.logSets(command))
        guard let logged = events.first(where: { $0.payload.type == .setLogged }) else {
            throw RESTError.check("the set was not logged", table: name)
        }
        return APIID.text(logged.id)
    }

    func update(_ old: RESTRow, _ new: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws {
        guard let text = old["id"]?.text, let id = APIID.event(text) else { return }
        try check(new)
        for column in ["weight", "reps", "distance", "duration"] where patch[column] == .null && old[column] != .null {
            throw RESTError.unsupported("clearing a set's \(column)", hint: "delete the set and insert the corrected one")
        }
        var edit = EditSet(set: id)
        if patch["exercise_id"] != nil, new["exercise_id"] != old["exercise_id"] { edit.exercise = try exercise(new, view: writer.view).id }
        if patch["date"] != nil { edit.at = PlatesValues.zoned(new["date"], view: writer.view) }
        if patch["reps"] != nil { edit.reps = new["reps"]?.number.map { Int($0) } }
        if patch["weight"] != nil { edit.weight = PlatesValues.mass(new["weight"]) }
        if patch["distance"] != nil { edit.distance = PlatesValues.distance(new["distance"]) }
        if patch["duration"] != nil { edit.durationMilliseconds = PlatesValues.milliseconds(new["duration"]) }
        if patch["notes"] != nil { edit.notes = new["notes"]?.text ?? "" }
        guard edit != EditSet(set: id) else { return }
        try writer.decide(.editSet(edit))
    }

    func delete(_ old: RESTRow, _ writer: inout RESTWriter) throws {
        guard let text = old["id"]?.text, let id = APIID.event(text) else { return }
        try writer.decide(.deleteSet(id: id, reason: nil))
    }

    /// The row's exercise among those the lifter sees (`23502` none, `23503` unknown).
    private func exercise(_ row: RESTRow, view: LifterView) throws(RESTError) -> Exercise {
        guard let id = row["exercise_id"]?.text else { throw .notNull("exercise_id", table: name) }
        guard let exercise = PlatesExercises.exercise(id: id, view: view) else { throw .foreignKey("exercise_id", id, table: name) }
        return exercise
    }

    /// Seed 000's rule: (weight and reps) or (distance and duration), never both or neither; and
    /// each value within the bounds `/api/v1` takes (`SetRoutes.SetBody`'s, one rule for both faces).
    func check(_ row: RESTRow) throws(RESTError) {
        let body = SetRoutes.SetBody(reps: row["reps"]?.number.map { Int($0) }, durationSeconds: row["duration"]?.number.map { $0 * 60 },
                                     distanceMeters: row["distance"]?.number.map { $0 * 1609.344 })
        do {
            _ = try body.checkedReps()
            _ = try body.milliseconds()
            _ = try body.distance()
            _ = try RouteSupport.kilograms(row["weight"]?.number.map { $0 * 0.45359237 }, field: "weight")
        } catch let error as APIError {
            throw RESTError.check(error.message, table: name)
        } catch {
            throw RESTError.check("\(error)", table: name)
        }
        func has(_ column: String) -> Bool { !(row[column] ?? .null).isNull }
        let strength = has("weight") && has("reps"), cardio = has("distance") && has("duration")
        let any = ["weight", "reps", "distance", "duration"].filter(has)
        guard (strength && any.count == 2) || (cardio && any.count == 2) else {
            throw RESTError.check("a set has weight and reps (strength) or distance and duration (cardio), never both, never neither, never half",
                                  table: name, details: "given: " + (any.isEmpty ? "none of them" : any.joined(separator: ", ")))
        }
    }
}
