import Hummingbird
import WlogCore
import WlogStore

/// Seed 004 §5 "Routines (Templates)": each day of a wlog routine is one template.
struct RoutineRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.get("routines", use: list)
        api.get("routines/:id", use: detail)
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
}
