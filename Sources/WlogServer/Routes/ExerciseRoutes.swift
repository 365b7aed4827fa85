import Hummingbird
import WlogCore
import WlogStore

/// Seed 004 §5 "Exercise Library": the built-in library and the lifter's own exercises.
struct ExerciseRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.get("exercises", use: search)
        api.post("exercises", use: create)
    }

    /// `GET /exercises?q&muscle&equipment&category&page&pageSize`: every query optional; `q`
    /// matches names and aliases (any case), `muscle` the primary group or a fine muscle;
    /// `setFields=reps,weightKg,rpe` keeps the exercises a set of those fields can log (`SetFields`).
    @Sendable func search(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let page = try PageRequest(request, defaultSize: 50, maximum: 500)
        let query = request.uri.queryParameters
        let needle = query["q"].map { String($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let muscle = query["muscle"].map { String($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let equipment = query["equipment"].map { String($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let category = query["category"].map { String($0).lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let setFields = query["setFields"].map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        return try await support.read(lifter, request) { view in
            let found = view.state.allExercises.filter { exercise in
                if view.state.isRetired(exercise.id) { return false }
                if let needle, !(exercise.name.lowercased().contains(needle) || exercise.aliases.contains { $0.lowercased().contains(needle) }) {
                    return false
                }
                if let muscle, exercise.group.rawValue.lowercased() != muscle, !exercise.muscles.contains(where: { $0.rawValue == muscle }) {
                    return false
                }
                if let equipment, exercise.equipment.rawValue != equipment { return false }
                if let category, exercise.kind.rawValue != category { return false }
                if let setFields, !SetFields.required(exercise.kind).allSatisfy(setFields.contains) { return false }
                return true
            }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
            let shown = found.dropFirst(page.offset).prefix(page.pageSize).map(ExerciseModel.init)
            return try JSONBody.envelope(Array(shown), meta: page.meta(total: found.count))
        }
    }

    struct CreateBody: Decodable {
        var name: String
        var category: String?
        var primaryMuscle: String
        var secondaryMuscles: [String]?
        var equipment: String?
    }

    /// `POST /exercises`: find-or-create a custom exercise (same name and group = the same
    /// exercise). 201 when created, 200 when it existed with the equipment and category asked
    /// (or none asked); 409 `EXERCISE_EXISTS` when the name is another exercise's (a library one's
    /// with other equipment: ids are slugs of names, so a second "Bench Press" cannot be made).
    @Sendable func create(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let body = try await JSONBody.decode(CreateBody.self, from: request, context: context)
        let new = try Self.newExercise(body)
        let now = support.now()
        return try await RouteSupport.naming(["exercise.name": "name", "exercise.pr-reps": "name"]) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, decideContext in
                if let existing = view.state.exercise(named: new.name, group: new.group),
                   body.equipment != nil && existing.equipment != new.equipment || new.kind.map({ $0 != existing.kind }) == true {
                    let field = body.equipment != nil && existing.equipment != new.equipment ? "equipment" : "category"
                    throw APIError(.conflict, code: "EXERCISE_EXISTS",
                                   message: "\"\(existing.name)\" is already \(existing.isCustom ? "your" : "the library's") \(existing.kind.rawValue) exercise "
                                       + "\(existing.id) with equipment \(existing.equipment.rawValue) — give yours another name (e.g. \"\(new.equipment.rawValue.capitalized) \(new.name)\")",
                                   details: [.init(field: field, message: "differs from the existing exercise's")])
                }
                return try decide(.createExercise(new), state: view.state, context: decideContext)
            } render: { view, events in
                guard let exercise = view.state.exercise(named: new.name, group: new.group) else { throw APIError.notFound("exercise") }
                return try JSONBody.envelope(ExerciseModel(exercise), status: events.isEmpty ? .ok : .created)
            }
        }
    }

    static func newExercise(_ body: CreateBody) throws -> NewExercise {
        let muscleText = body.primaryMuscle.lowercased()
        var muscles: [Muscle] = []
        let group: MuscleGroup
        if let fine = Muscle(rawValue: muscleText) {
            group = fine.group
            muscles = [fine]
        } else if let coarse = MuscleGroup(parsing: muscleText) {
            group = coarse
        } else {
            throw APIError.validation(field: "primaryMuscle", "\"\(body.primaryMuscle)\" is not a muscle — one of "
                + (MuscleGroup.allCases.map { $0.rawValue.lowercased() } + Muscle.allCases.map(\.rawValue)).joined(separator: ", "))
        }
        var kind: ExerciseKind?
        if let category = body.category {
            guard let parsed = ExerciseKind(rawValue: category.lowercased()) else {
                throw APIError.validation(field: "category", "\"\(category)\" is not a category — "
                    + ExerciseKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            kind = parsed
        }
        var equipment = Equipment.none
        if let text = body.equipment {
            guard let parsed = Equipment(rawValue: text.lowercased()) else {
                throw APIError.validation(field: "equipment", "\"\(text)\" is not equipment — "
                    + Equipment.allCases.map(\.rawValue).joined(separator: ", "))
            }
            equipment = parsed
        }
        var secondary: [MuscleGroup] = []
        for (index, text) in (body.secondaryMuscles ?? []).enumerated() {
            guard let parsed = Muscle(rawValue: text.lowercased())?.group ?? MuscleGroup(parsing: text) else {
                throw APIError.validation(field: "secondaryMuscles[\(index)]", "\"\(text)\" is not a muscle")
            }
            if !secondary.contains(parsed) { secondary.append(parsed) }
        }
        let name = try RouteSupport.name(body.name, field: "name")
        return NewExercise(name: name, group: group, kind: kind, muscles: muscles, secondary: secondary, equipment: equipment)
    }
}
