import Hummingbird
import WlogCore
import WlogStore

/// Seed 004 §5 "Sets": a workout's exercise's sets, logged, corrected and deleted as events.
struct SetRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.post("workouts/:id/exercises/:exerciseId/sets", use: add)
        api.patch("workouts/:id/exercises/:exerciseId/sets/:setId", use: update)
        api.delete("workouts/:id/exercises/:exerciseId/sets/:setId", use: delete)
    }

    /// The fields of a set; every one optional in a PATCH.
    struct SetBody: PlainJSONBody, Equatable {
        /// A client-chosen id (a UUID) for safe retries: the set keeps it.
        var id: String?
        var reps: Int?
        var weightKg: Double?
        var rpe: Double?
        var effort: Int?
        var setType: String?
        var isCompleted: Bool?
        var completedAt: String?
        var durationSeconds: Double?
        var distanceMeters: Double?
        var notes: String?
        /// Confirms a value the engine finds implausible (a set over 1,000 kg).
        var force: Bool?
        /// The optional fields sent as `null`: a PATCH clears them (a POST leaves them out).
        var cleared: SetEdited.Cleared = []

        var isEmpty: Bool {
            reps == nil && weightKg == nil && rpe == nil && effort == nil && setType == nil && isCompleted == nil
                && completedAt == nil && durationSeconds == nil && distanceMeters == nil && notes == nil && cleared.isEmpty
        }

        enum CodingKeys: String, CodingKey {
            case id, reps, weightKg, rpe, effort, setType, isCompleted, completedAt, durationSeconds, distanceMeters, notes, force
        }

        /// The fields a `null` clears; `setType` and `isCompleted` always have a value (§6's
        /// `ExerciseSet` declares them non-null), so their `null` is refused; a `null`
        /// `completedAt` (a set not yet done, as §6's `toJson` sends it) gives no time.
        static let clearable: [CodingKeys: SetEdited.Cleared] = [
            .reps: .reps, .weightKg: .weight, .rpe: .rpe, .effort: .effort, .durationSeconds: .duration,
            .distanceMeters: .distance, .notes: .notes,
        ]

        /// A body of these measurements (PostgREST's sets check their bounds with it).
        init(reps: Int? = nil, durationSeconds: Double? = nil, distanceMeters: Double? = nil) {
            self.reps = reps
            self.durationSeconds = durationSeconds
            self.distanceMeters = distanceMeters
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decodeIfPresent(String.self, forKey: .id)
            reps = try c.decodeIfPresent(Int.self, forKey: .reps)
            weightKg = try c.decodeIfPresent(Double.self, forKey: .weightKg)
            rpe = try c.decodeIfPresent(Double.self, forKey: .rpe)
            effort = try c.decodeIfPresent(Int.self, forKey: .effort)
            setType = try c.decodeIfPresent(String.self, forKey: .setType)
            isCompleted = try c.decodeIfPresent(Bool.self, forKey: .isCompleted)
            completedAt = try c.decodeIfPresent(String.self, forKey: .completedAt)
            durationSeconds = try c.decodeIfPresent(Double.self, forKey: .durationSeconds)
            distanceMeters = try c.decodeIfPresent(Double.self, forKey: .distanceMeters)
            notes = try c.decodeIfPresent(String.self, forKey: .notes)
            force = try c.decodeIfPresent(Bool.self, forKey: .force)
            for key in c.allKeys where try c.decodeNil(forKey: key) {
                if let field = Self.clearable[key] {
                    cleared.insert(field)
                } else if key == .setType || key == .isCompleted {
                    throw APIError.validation(field: key.rawValue, "cannot be null — send \(key == .setType ? "working, warmup, drop, failure or amrap" : "true or false"), or leave it out")
                }
            }
        }

        /// The plain body (`PlainJSONBody`): every field of its type, and nil for a `null` (a
        /// PATCH's clearing, or a refusal) or a value of another type, both left to `init(from:)`.
        /// A key not of the body is passed over, as `JSONDecoder` passes over it.
        init?(plain object: PlainJSONObject) {
            for (key, value) in object.members {
                guard let field = CodingKeys(rawValue: key) else { continue }
                switch (field, value) {
                case (.id, .string(let text)): id = text
                case (.setType, .string(let text)): setType = text
                case (.completedAt, .string(let text)): completedAt = text
                case (.notes, .string(let text)): notes = text
                case (.isCompleted, .bool(let flag)): isCompleted = flag
                case (.force, .bool(let flag)): force = flag
                case (.reps, _): guard let number = value.wholeNumber else { return nil }; reps = number
                case (.effort, _): guard let number = value.wholeNumber else { return nil }; effort = number
                case (.weightKg, _): guard let number = value.finiteNumber else { return nil }; weightKg = number
                case (.rpe, _): guard let number = value.finiteNumber else { return nil }; rpe = number
                case (.durationSeconds, _): guard let number = value.finiteNumber else { return nil }; durationSeconds = number
                case (.distanceMeters, _): guard let number = value.finiteNumber else { return nil }; distanceMeters = number
                default: return nil
                }
            }
        }

        /// Reps as the CLI's set spec takes them: 0 (a missed attempt) to 1000. Unbounded reps ×
        /// weight overflowed the volume sums: the server trapped, on every later read of the lifter.
        func checkedReps() throws -> Int? {
            guard let reps else { return nil }
            guard (0...1000).contains(reps) else {
                throw APIError.validation(field: "reps", "\(reps) is not a rep count — a whole number from 0 to 1000")
            }
            return reps
        }

        func type() throws -> SetType? { try SetRoutes.setType(setType) }

        func milliseconds() throws -> Int64? {
            guard let durationSeconds else { return nil }
            guard durationSeconds.isFinite, (0...86_400).contains(durationSeconds) else {
                throw APIError.validation(field: "durationSeconds", "\(durationSeconds) is not a duration — seconds from 0 to 86400")
            }
            return Int64((durationSeconds * 1000).rounded())
        }

        func distance() throws -> Distance? {
            guard let distanceMeters else { return nil }
            guard distanceMeters.isFinite, (0...1_000_000).contains(distanceMeters) else {
                throw APIError.validation(field: "distanceMeters", "\(distanceMeters) is not a distance — metres from 0 to 1000000")
            }
            return Distance(tenThousandths: Int64((distanceMeters * 10_000).rounded()), unit: .m)
        }
    }

    /// The engine's set fields as the API names them.
    static let fields = [
        "set.reps": "reps", "set.weight": "weightKg", "set.rpe": "rpe", "set.effort": "effort", "set.at": "completedAt",
        "set.duration": "durationSeconds", "set.distance": "distanceMeters", "set.exercise": "exerciseId",
        "set.type": "setType", "set.notes": "notes", "set": "setId", "set.count": "reps", "set.workout": "id",
    ]

    /// `POST …/sets`: logs a set in the workout. 201 with the set.
    @Sendable func add(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let (key, exerciseText) = try path(context)
        let body = try await JSONBody.decode(SetBody.self, from: request, context: context)
        let fixed = try support.fixedIDs(request, lifter: lifter, route: "POST sets", clientID: body.id)
        let now = support.now()
        let type = try body.type(), duration = try body.milliseconds(), distance = try body.distance(), reps = try body.checkedReps()
        let weight = try RouteSupport.kilograms(body.weightKg, field: "weightKg")
        return try await RouteSupport.naming(Self.fields) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: fixed) { view, decideContext in
                if let first = fixed.first, view.state.contains(eventID: first) {
                    let key = WorkoutSession.resolve(key, view: view, now: now)
                    let record = try WorkoutRoutes.session(key, view: view)
                    let exercise = try WorkoutRoutes.entry(exerciseText, record: record, view: view).exercise
                    guard let set = view.state.set(first), set.workout == record.id, set.exercise == exercise.id else {
                        throw APIError(.conflict, code: "CONFLICT", message: "id \(APIID.text(first)) is already used by another event")
                    }
                    let asked: [(String, Bool)] = [("reps", reps.map { $0 != set.reps } ?? false),
                                                   ("weightKg", weight.map { $0.kilogramTenThousandths != set.weight?.kilogramTenThousandths } ?? false),
                                                   ("rpe", body.rpe.map { $0 != set.rpe?.value } ?? false),
                                                   ("setType", type.map { $0 != set.setType } ?? false)]
                    if body.id == nil, let difference = asked.first(where: \.1) { throw APIError.idempotencyKeyReused(difference.0) }
                    return []
                }
                var session = try WorkoutSession.forWrite(key, view: view, now: now, context: decideContext)
                let (exercise, entry) = try WorkoutRoutes.entry(exerciseText, record: session.record, view: view)
                let at = try RouteSupport.zoned(body.completedAt, field: "completedAt", view: view)
                var command = LogSets(exercise: exercise.id, workout: session.record.id, at: at, reps: reps, weight: weight,
                                      distance: distance, durationMilliseconds: duration, rpe: body.rpe, effort: body.effort,
                                      setType: type ?? .working, done: body.isCompleted ?? true, notes: body.notes)
                command.entry = entry
                var context = decideContext
                context.confirmsImplausible = body.force == true
                try session.append(.logSets(command), over: view.state, context: context)
                return session.events
            } render: { view, events in
                let logged = events.first { if case .setLogged = $0.payload { true } else { false } }
                guard let id = logged?.id ?? fixed.first else { throw APIError.notFound("set") }
                return try JSONBody.envelope(try Self.model(id, view: view), status: .created)
            }
        }
    }

    /// `PATCH …/sets/:setId`: corrects the fields given; `null` clears an optional one (400 naming
    /// it where the exercise needs it: a strength set's weight). 200 with the set. A set not done
    /// that is ticked done (`isCompleted: true`) without a `completedAt` was done now.
    @Sendable func update(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let (key, exerciseText) = try path(context)
        let setID = try setID(context)
        let body = try await JSONBody.decode(SetBody.self, from: request, context: context)
        guard !body.isEmpty else { throw APIError.validation(field: "body", "has no field to change — send reps, weightKg, rpe, setType, isCompleted …") }
        let type = try body.type(), duration = try body.milliseconds(), distance = try body.distance(), reps = try body.checkedReps()
        let weight = try RouteSupport.kilograms(body.weightKg, field: "weightKg")
        let now = support.now()
        return try await RouteSupport.naming(Self.fields) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, decideContext in
                let set = try Self.liveSet(setID, key: key, exerciseText: exerciseText, view: view, now: now)
                var at = try RouteSupport.zoned(body.completedAt, field: "completedAt", view: view)
                // Ticked done now: it was done now, not when it was planned.
                if at == nil, body.isCompleted == true, !set.done {
                    at = ZonedInstant(now, offsetMinutes: view.zone.offsetMinutes(at: now))
                }
                let command = EditSet(set: setID, at: at, reps: reps, weight: weight, distance: distance,
                                      durationMilliseconds: duration, rpe: body.rpe, effort: body.effort, setType: type,
                                      done: body.isCompleted, notes: body.notes, cleared: body.cleared)
                var context = decideContext
                context.confirmsImplausible = body.force == true
                return try decide(.editSet(command), state: view.state, context: context)
            } render: { view, _ in
                try JSONBody.envelope(try Self.model(setID, view: view))
            }
        }
    }

    /// `DELETE …/sets/:setId`: deletes the set (it stays in the audit). 204.
    @Sendable func delete(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let (key, exerciseText) = try path(context)
        let setID = try setID(context)
        let now = support.now()
        return try await support.store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, decideContext in
            _ = try Self.liveSet(setID, key: key, exerciseText: exerciseText, view: view, now: now)
            return try decide(.deleteSet(id: setID, reason: nil), state: view.state, context: decideContext)
        } render: { _, _ in
            Response(status: .noContent)
        }
    }

    // MARK: Shared

    /// The API's `setType`, or 400 naming it.
    static func setType(_ text: String?) throws -> SetType? {
        guard let text else { return nil }
        guard let type = SetType(rawValue: text) else {
            throw APIError.validation(field: "setType", "\"\(text)\" is not a set type — working, warmup, drop, failure or amrap")
        }
        return type
    }

    func path(_ context: LifterRequestContext) throws -> (WorkoutKey, String) {
        let text = try support.parameter(context, "id")
        guard let key = APIID.workout(text) else { throw APIError.notFound("workout " + text) }
        return (key, try support.parameter(context, "exerciseId"))
    }

    func setID(_ context: LifterRequestContext) throws -> EventID {
        let text = try support.parameter(context, "setId")
        guard let id = APIID.event(text) else { throw APIError.notFound("set " + text) }
        return id
    }

    /// The exercise a path names (id, name or alias), or 404.
    static func exercise(_ text: String, view: LifterView) throws -> Exercise {
        if Exercise.exceedsTextLimit(text) { throw APIError.notFound("exercise " + text.prefix(32) + "…") }
        if let exercise = view.state.exercise(text), !view.state.isRetired(exercise.id) { return exercise }
        guard let exercise = view.state.exercises(named: text).first else { throw APIError.notFound("exercise " + text) }
        return exercise
    }

    /// The live set of that workout and exercise (an entry's id, or the exercise), or 404
    /// (another lifter's, deleted, elsewhere).
    static func liveSet(_ id: EventID, key: WorkoutKey, exerciseText: String, view: LifterView, now: Instant) throws -> LoggedSet {
        let key = WorkoutSession.resolve(key, view: view, now: now)
        guard let set = view.state.set(id), set.isLive, WorkoutKey(of: set) == key,
              set.exercise == (try? WorkoutRoutes.entry(exerciseText, record: key.id.flatMap { view.state.workout($0) }, view: view))?.exercise.id else {
            throw APIError.notFound("set " + APIID.text(id))
        }
        return set
    }

    /// The set as the API shows it: its position among its exercise's live sets in its workout
    /// (found without a summary of the workout: a write's answer stays O(sets), not a history index).
    static func model(_ id: EventID, view: LifterView) throws -> SetModel {
        guard let set = view.state.set(id), set.isLive, var position = view.state.positionInWorkout(ofSet: id) else {
            throw APIError.notFound("set " + APIID.text(id))
        }
        // An exercise in the workout more than once: the position within the set's entry
        // (`WorkoutSummary`'s rule: a further entry holds the sets logged naming it).
        if let record = set.workout.flatMap { view.state.workout($0) } {
            let further = record.exercises.filter { $0.entry != nil && $0.exercise == set.exercise }
            if !further.isEmpty {
                let before = { (other: EventID) -> Bool in
                    guard let earlier = view.state.set(other), earlier.isLive, earlier.workout == set.workout,
                          earlier.exercise == set.exercise else { return false }
                    return earlier.historyKey < set.historyKey
                }
                if let mine = further.first(where: { $0.sets.contains(id) }) {
                    position = mine.sets.filter(before).count
                } else {
                    position -= further.flatMap(\.sets).filter(before).count
                }
            }
        }
        return SetModel(set, orderIndex: position)
    }
}
