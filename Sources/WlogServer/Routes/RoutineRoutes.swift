import Hummingbird
import WlogCore
import WlogStore

/// Seed 004 §5 "Routines (Templates)": each day of a wlog routine is one template; and beyond
/// §5, creating, editing and deleting them (docs/SERVER.md, "Resources").
struct RoutineRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.get("routines", use: list)
        api.post("routines", use: create)
        api.get("routines/:id", use: detail)
        api.patch("routines/:id", use: update)
        api.delete("routines/:id", use: remove)
        api.post("routines/:id/start", use: start)
    }

    @Sendable func list(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        return try await support.read(lifter, request) { view in
            let models = RoutineModel.all(in: view.state).map { RoutineModel(routine: $0, day: $1, state: view.state, withExercises: false) }
            return try JSONBody.envelope(models)
        }
    }

    @Sendable func detail(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let id = try support.parameter(context, "id")
        return try await support.read(lifter, request) { view in
            guard let (routine, day) = RoutineModel.find(id, in: view.state) else { throw APIError.notFound("routine " + id) }
            return try JSONBody.envelope(RoutineModel(routine: routine, day: day, state: view.state, withExercises: true))
        }
    }

    /// `POST /routines/:id/start`: a new workout with the day's exercises, each with its
    /// previous performance. 201.
    @Sendable func start(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let id = try support.parameter(context, "id")
        let fixed = try support.fixedIDs(request, lifter: lifter, route: "POST /routines/\(id)/start")
        let known = try await support.store.read(lifter) { view in RoutineModel.find(id, in: view.state) != nil }
        guard known else { throw APIError.notFound("routine " + id) }
        return try await WorkoutRoutes.start(lifter, name: nil, notes: nil, routineID: id, startedAt: nil, fixed: fixed, support: support)
    }

    /// `POST /routines`: a new routine of one day titled with its `name` (so its API name is the
    /// name), id `<slug of the name>.1`. 201. A live routine with that id already: 409
    /// `ROUTINE_EXISTS`. An `Idempotency-Key` retried with the same body answers the routine
    /// again (201, nothing appended); with another name or exercises, 422.
    @Sendable func create(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let body = try await JSONBody.decode(RoutineBody.self, from: request, context: context)
        guard let given = body.name else { throw APIError.validation(field: "name", "is required") }
        let name = try RouteSupport.name(given, field: "name")
        let planned = try body.planned() ?? []
        let fixed = try support.fixedIDs(request, lifter: lifter, route: "POST /routines")
        let routine = Routine(id: Exercise.slug(name), name: name, days: [RoutineDay(index: 1, title: name, exercises: planned)])
        let exists = APIError(.conflict, code: "ROUTINE_EXISTS",
                              message: "you have a routine \(routine.id) already — edit it with PATCH /routines/\(routine.id), or give this one another name",
                              details: [.init(field: "name", message: "is your routine \(routine.id)'s name")])
        return try await writing(body, exists: exists) {
            try await support.store.write(lifter, at: support.now(), actor: "api", fixedIDs: fixed) { view, decideContext in
                if let first = fixed.first, view.state.contains(eventID: first) {
                    // A retry: the routine the key made, unless the body asks for another.
                    guard let record = view.state.routines[routine.id], !record.isRetired,
                          case .routineUpdated(let asked)? = try decide(.updateRoutine(routine), state: view.state, context: decideContext).first?.payload,
                          asked.name == record.routine.name else { throw APIError.idempotencyKeyReused("name") }
                    guard asked.days.map(\.exercises) == record.routine.days.map(\.exercises) else { throw APIError.idempotencyKeyReused("exercises") }
                    return []
                }
                return try decide(.createRoutine(routine), state: view.state, context: decideContext)
            } render: { view, _ in
                guard let (made, day) = RoutineModel.find(routine.id, in: view.state) else { throw APIError.notFound("routine " + routine.id) }
                return try JSONBody.envelope(RoutineModel(routine: made, day: day, state: view.state, withExercises: true), status: .created)
            }
        }
    }

    /// `PATCH /routines/:id`: any subset of `name` and `exercises` (the day's planned exercises,
    /// all of them, in order). For a routine of one day, `name` renames the routine (its id
    /// stays); for a day of several, it is the day's title (a leading `<routine> — ` is dropped,
    /// so the name as read and sent back changes nothing). One `routine.updated`; nothing when
    /// nothing changes. 200 with the routine day.
    @Sendable func update(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let id = try support.parameter(context, "id")
        let body = try await JSONBody.decode(RoutineBody.self, from: request, context: context)
        let name = try body.name.map { try RouteSupport.name($0, field: "name") }
        let planned = try body.planned()
        return try await writing(body) {
            try await support.store.write(lifter, at: support.now(), actor: "api", fixedIDs: []) { view, decideContext in
                guard let (routine, day) = RoutineModel.find(id, in: view.state) else { throw APIError.notFound("routine " + id) }
                guard name != nil || planned != nil else {
                    throw APIError.validation(field: "body", "has no field to change — send name or exercises")
                }
                var changed = routine
                if let name {
                    if routine.days.count == 1 {
                        changed.name = name
                        changed = try RoutineEdit.retitle(changed, day: day.index, title: name)
                    } else {
                        let prefix = routine.name + RoutineModel.separator
                        let title = name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
                        changed = try RoutineEdit.retitle(changed, day: day.index, title: try RouteSupport.name(title, field: "name"))
                    }
                }
                if let planned { changed = try RoutineEdit.replaceExercises(changed, day: day.index, with: planned) }
                let events = try decide(.updateRoutine(changed), state: view.state, context: decideContext)
                guard case .routineUpdated(let decided)? = events.first?.payload, decided != routine else { return [] }
                return events
            } render: { view, _ in
                guard let (routine, day) = RoutineModel.find(id, in: view.state) else { throw APIError.notFound("routine " + id) }
                return try JSONBody.envelope(RoutineModel(routine: routine, day: day, state: view.state, withExercises: true))
            }
        }
    }

    /// `DELETE /routines/:id`: a routine's only day retires the routine (`routine.retired`; its
    /// workouts stay in history); a day of several leaves the routine (`routine.updated`), the
    /// other days keeping their ids. 204.
    @Sendable func remove(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let id = try support.parameter(context, "id")
        return try await support.store.write(lifter, at: support.now(), actor: "api", fixedIDs: []) { view, decideContext in
            guard let (routine, day) = RoutineModel.find(id, in: view.state) else { throw APIError.notFound("routine " + id) }
            guard routine.days.count > 1 else { return try decide(.retireRoutine(routine.id), state: view.state, context: decideContext) }
            return try decide(.updateRoutine(try RoutineEdit.removeDay(routine, day: day.index)), state: view.state, context: decideContext)
        } render: { _, _ in
            Response(status: .noContent)
        }
    }

    /// Runs a write of `body`, naming the body's field when the engine refuses; `exists` answers
    /// a create's refusal of a routine that exists (the only refusal naming `routine` itself).
    private func writing(_ body: RoutineBody, exists: APIError? = nil, _ write: () async throws -> Response) async throws -> Response {
        do {
            return try await write()
        } catch StoreError.refused(let refusal) where refusal.field == "routine" && exists != nil {
            throw exists ?? APIError.refused(refusal)
        } catch StoreError.refused(let refusal) {
            throw APIError.refused(refusal, field: body.refusalField(refusal))
        }
    }
}
