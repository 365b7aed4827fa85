import Hummingbird
import WlogCore
import WlogStore

/// Seed 004 §5 "Workouts" and "Exercises (within a workout)".
struct WorkoutRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.get("workouts", use: list)
        api.post("workouts", use: create)
        api.get("workouts/:id", use: detail)
        api.patch("workouts/:id", use: update)
        api.delete("workouts/:id", use: discard)
        api.post("workouts/:id/exercises", use: addExercise)
        api.delete("workouts/:id/exercises/:exerciseId", use: removeExercise)
    }

    /// `GET /workouts?page&pageSize`: newest first, 20 a page.
    @Sendable func list(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let page = try PageRequest(request, defaultSize: 20)
        let now = support.now()
        return try await support.read(lifter, request) { view in
            let (items, total) = view.historyItems(HistoryFilter(limit: page.pageSize, offset: page.offset),
                                                   context: view.queryContext(now: now)) { ListedWorkout.of($0, view: view) }
            return try JSONBody.envelope(items, meta: page.meta(total: total))
        }
    }

    /// `GET /workouts/:id`: the workout with its exercises and sets.
    @Sendable func detail(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let key = try workoutKey(context)
        let now = support.now()
        return try await support.read(lifter, request) { view in
            try JSONBody.envelope(try Self.model(WorkoutSession.resolve(key, view: view, now: now), view: view, now: now))
        }
    }

    struct CreateBody: Decodable {
        var name: String?
        var notes: String?
        var routineId: String?
        var startedAt: String?
    }

    /// `POST /workouts`: starts a session (from a routine's day when `routineId` is given). 201.
    @Sendable func create(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let body = try await JSONBody.decode(CreateBody.self, from: request, context: context)
        let fixed = try support.fixedIDs(request, lifter: lifter, route: "POST /workouts")
        return try await Self.start(lifter, name: body.name, notes: body.notes, routineID: body.routineId, startedAt: body.startedAt,
                               fixed: fixed, support: support)
    }

    /// Starts a workout and answers 201 with it; shared by `POST /workouts` and `POST /routines/:id/start`.
    /// Other open workouts do not stand in the way (the monitor and "today" show the latest). A
    /// retried create makes no second workout: the same `Idempotency-Key`, or — without one — the
    /// same name and routine again within `retryWindow` of an earlier start that has no set yet
    /// (an app retrying a Quick Start it never saw answered), gets the earlier workout.
    static func start(_ lifter: LifterID, name: String?, notes: String?, routineID: String?, startedAt: String?,
                      fixed: [EventID], support: RouteSupport) async throws -> Response {
        let now = support.now()
        return try await RouteSupport.naming(["workout.at": "startedAt", "workout.routine": "routineId", "workout.day": "routineId"]) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: fixed) { view, decideContext in
                let command = try startCommand(name: name, notes: notes, routineID: routineID, startedAt: startedAt, view: view)
                if let first = fixed.first, view.state.contains(eventID: first) {
                    if let earlier = view.state.workout(first), let difference = differs(command, from: earlier) {
                        throw APIError.idempotencyKeyReused(difference)
                    }
                    return []
                }
                if fixed.isEmpty, startedAt == nil, retried(command, view: view, now: now) != nil { return [] }
                return try decide(.startWorkout(command), state: view.state, context: decideContext)
            } render: { view, events in
                var retry: EventID?
                if fixed.isEmpty, events.isEmpty {
                    let command = try startCommand(name: name, notes: notes, routineID: routineID, startedAt: startedAt, view: view)
                    retry = retried(command, view: view, now: now)?.id
                }
                guard let id = events.first?.id ?? fixed.first ?? retry, view.state.workout(id) != nil else {
                    throw APIError(.conflict, code: "CONFLICT", message: "the id was already used by another kind of event")
                }
                return try JSONBody.envelope(try model(.explicit(id), view: view, now: now, withPrevious: true), status: .created)
            }
        }
    }

    /// The engine's command for a start: from the routine day `routineID` names, when given.
    static func startCommand(name: String?, notes: String?, routineID: String?, startedAt: String?, view: LifterView) throws -> StartWorkout {
        let at = try RouteSupport.zoned(startedAt, field: "startedAt", view: view)
        var command = StartWorkout(name: name, notes: notes, at: at)
        command.allowsOtherOpen = true
        if let routineID {
            guard let (routine, day) = RoutineModel.find(routineID, in: view.state) else {
                throw APIError.validation(field: "routineId", "\"\(routineID)\" is not one of your routines — GET /routines lists them")
            }
            command.routine = routine.id
            command.day = day.index
        }
        return command
    }

    /// The first field in which a start asks for another workout than `earlier` (the one its
    /// `Idempotency-Key` made), nil when it is the same request.
    static func differs(_ command: StartWorkout, from earlier: WorkoutRecord) -> String? {
        if command.routine != earlier.routine || command.day != earlier.day { return "routineId" }
        if let name = command.name, name != earlier.name { return "name" }
        if let notes = command.notes, notes != earlier.notes { return "notes" }
        if let at = command.at, at.instant != earlier.started.instant { return "startedAt" }
        return nil
    }

    /// How soon a create repeated without an `Idempotency-Key` counts as a retry of the first.
    static let retryWindowMilliseconds: Int64 = 10_000

    /// The open workout `command` repeats: one started within the retry window before `now`,
    /// with the same name, routine and day, and no set logged in it yet (the last started of those).
    static func retried(_ command: StartWorkout, view: LifterView, now: Instant) -> WorkoutRecord? {
        view.state.openWorkouts.first { open in
            (0...retryWindowMilliseconds).contains(now.millisecondsSince1970 - open.started.instant.millisecondsSince1970)
                && open.routine == command.routine && open.day == command.day
                && open.name == (command.name ?? (command.routine == nil ? nil : open.name))
                && !hasSets(open, state: view.state)
        }
    }

    /// Whether a workout started moments ago has a live set: the newest sets only are read (a
    /// set of it logged more than 12 hours before its start is not looked for).
    static func hasSets(_ record: WorkoutRecord, state: WlogState) -> Bool {
        let sets = state.lazyLiveSets
        let floor = record.started.instant.millisecondsSince1970 - 12 * 3_600_000
        for position in sets.indices.reversed() {
            let set = sets[position]
            if set.workout == record.id { return true }
            if set.performed.instant.millisecondsSince1970 < floor { return false }
        }
        return false
    }

    /// How far a phone's clock may be behind the server's for a finish "now" to be taken as now.
    static let clockSkewMilliseconds: Int64 = 15 * 60_000

    struct UpdateBody: Decodable {
        var name: String?
        var completedAt: String?
        var notes: String?
        var soreness: Int?
        var sessionRpe: Double?
    }

    /// `PATCH /workouts/:id`: any subset of `name`, `notes` and `completedAt` (seed 004 Appendix
    /// B, "Update/complete"). `completedAt` completes the workout (`workout.finished`, with
    /// `notes`, `soreness` 1–5 and `sessionRpe`); a `name`, and `notes` without a completion or
    /// on a finished workout, are a `workout.updated`. A `completedAt` before the start but within
    /// `clockSkewMilliseconds` of the server's clock is a finish made now on a phone whose clock
    /// is behind: the server's time is recorded. Fields that change nothing append nothing.
    @Sendable func update(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let key = try workoutKey(context)
        let body = try await JSONBody.decode(UpdateBody.self, from: request, context: context)
        guard body.name != nil || body.notes != nil || body.completedAt != nil || body.soreness != nil || body.sessionRpe != nil else {
            throw APIError.validation(field: "body", "has no field to change — send name, notes or completedAt")
        }
        if body.completedAt == nil, body.soreness != nil || body.sessionRpe != nil {
            throw APIError.validation(field: "completedAt", "is required with soreness or sessionRpe — wlog records them when the workout completes")
        }
        let now = support.now()
        return try await RouteSupport.naming(["workout.at": "completedAt", "workout.soreness": "soreness",
                                              "workout.session-rpe": "sessionRpe", "workout": "completedAt"]) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, decideContext in
                let completion = try RouteSupport.zoned(body.completedAt, field: "completedAt", view: view)
                var session = try WorkoutSession.forWrite(key, view: view, now: now, context: decideContext, finishing: completion)
                let record = session.record
                var events = session.events
                var finishes = false
                if let completedAt = body.completedAt {
                    var at = try RouteSupport.zoned(completedAt, field: "completedAt", view: view)
                    // A retried completion with the same time changes nothing.
                    if let finished = record.finished, finished.instant == at?.instant {
                        finishes = false
                    } else {
                        if let stamped = at, stamped.instant < record.started.instant,
                           abs(stamped.instant.millisecondsSince1970 - now.millisecondsSince1970) <= Self.clockSkewMilliseconds {
                            // A finish made just now by a phone whose clock is behind the server's
                            // (which stamped the start): it finished now.
                            let finish = max(now, record.started.instant)
                            at = ZonedInstant(finish, offsetMinutes: view.zone.offsetMinutes(at: finish))
                        }
                        let command = FinishWorkout(workout: record.id, notes: body.notes, soreness: body.soreness,
                                                    sessionRPE: body.sessionRpe, at: at)
                        events += try decide(.finishWorkout(command), state: session.state(over: view.state), context: decideContext)
                        finishes = true
                    }
                }
                let shownNotes = record.finishNotes ?? record.notes
                let name = body.name.flatMap { $0 == (record.name ?? "") ? nil : $0 }
                let notes = finishes ? nil : body.notes.flatMap { $0 == (shownNotes ?? "") ? nil : $0 }
                if name != nil || notes != nil {
                    let update = WorkoutUpdated(workout: record.id, name: name, notes: notes)
                    events += try decide(.record(update), state: session.state(over: view.state), context: decideContext)
                }
                return events
            } render: { view, _ in
                try JSONBody.envelope(try Self.model(WorkoutSession.resolve(key, view: view, now: now), view: view, now: now))
            }
        }
    }

    /// `DELETE /workouts/:id`: discards a session (its sets leave every projection and stay in
    /// the audit); a day's implicit workout has its sets deleted. 204.
    @Sendable func discard(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let key = try workoutKey(context)
        let now = support.now()
        return try await support.store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, decideContext in
            let key = WorkoutSession.resolve(key, view: view, now: now)
            switch key {
            case .explicit:
                let record = try Self.session(key, view: view)
                return try decide(.discardWorkout(record.id), state: view.state, context: decideContext)
            case .implicit:
                guard let summary = view.state.workoutSummary(key, context: view.queryContext(now: now)) else {
                    throw APIError.notFound("workout " + APIID.text(key))
                }
                return try summary.exercises.flatMap(\.sets).flatMap {
                    try decide(.deleteSet(id: $0.id, reason: "workout deleted"), state: view.state, context: decideContext)
                }
            }
        } render: { _, _ in
            Response(status: .noContent)
        }
    }

    struct AddExerciseBody: Decodable {
        var exerciseId: String
        var notes: String?
        var position: Int?
    }

    /// `POST /workouts/:id/exercises`: adds an entry of an exercise (id, name or alias) to a
    /// session; an exercise already there gets a further entry with its own id and sets (bench
    /// first and again at the end). A day logged without a session becomes one, and exercises
    /// its sets name that its list lacks are listed first (`WorkoutSession`). 201 with the entry
    /// and its previous performance.
    @Sendable func addExercise(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let key = try workoutKey(context)
        let body = try await JSONBody.decode(AddExerciseBody.self, from: request, context: context)
        let fixed = try support.fixedIDs(request, lifter: lifter, route: "POST /workouts/\(APIID.text(key))/exercises")
        let now = support.now()
        return try await RouteSupport.naming(["workout.exercise": "exerciseId", "workout.position": "position"]) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: fixed) { view, decideContext in
                if let first = fixed.first, view.state.contains(eventID: first) {
                    let record = WorkoutSession.resolve(key, view: view, now: now).id.flatMap { view.state.workout($0) }
                    if let record, !Self.madeEntry(first, of: body.exerciseId, record: record, view: view) {
                        throw APIError.idempotencyKeyReused("exerciseId")
                    }
                    return []
                }
                var session = try WorkoutSession.forWrite(key, view: view, now: now, context: decideContext, listing: true)
                try session.append(.addWorkoutExercise(workout: session.record.id, exercise: body.exerciseId, position: body.position,
                                                       notes: body.notes), over: view.state, context: decideContext)
                return session.events
            } render: { view, events in
                let key = WorkoutSession.resolve(key, view: view, now: now)
                let workout = try Self.model(key, view: view, now: now, withPrevious: true)
                var added: WorkoutExerciseAdded?
                var addID: EventID?
                for event in events.reversed() {
                    if case .workoutExerciseAdded(let p) = event.payload { added = p; addID = event.id; break }
                }
                let exerciseID = added?.exercise ?? view.state.exercises(named: body.exerciseId).first?.id ?? body.exerciseId
                let record = key.id.flatMap { view.state.workout($0) }
                // The entry made; a retry answers the entry its key made (a further entry's id is
                // the key's event), else the exercise's first entry.
                let entry = (addID ?? fixed.first).flatMap { id in record?.exercises.contains { $0.entry == id } == true ? id : nil }
                let id = WorkoutModel.entryID(exercise: exerciseID, entry: entry)
                guard let model = workout.exercises?.first(where: { $0.id == id }) else { throw APIError.notFound("exercise " + id) }
                return try JSONBody.envelope(model, status: .created)
            }
        }
    }

    /// `DELETE /workouts/:id/exercises/:exerciseId`: removes the entry (`exerciseId` is its id, or
    /// an exercise: its first entry) and deletes its sets in this workout, in one commit. 204.
    @Sendable func removeExercise(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let key = try workoutKey(context)
        let entryText = try support.parameter(context, "exerciseId")
        let now = support.now()
        return try await support.store.write(lifter, at: now, actor: "api", fixedIDs: []) { view, decideContext in
            let key = WorkoutSession.resolve(key, view: view, now: now)
            let record = key.id.flatMap { view.state.workout($0) }
            guard let summary = view.workoutSummary(key, context: view.queryContext(now: now)) else {
                throw APIError.notFound("workout " + APIID.text(key))
            }
            let named = try Self.entry(entryText, record: record, view: view)
            guard let group = summary.exercises.first(where: { $0.exercise.id == named.exercise.id && (named.entry == nil || $0.entry == named.entry) }) else {
                throw APIError.notFound("exercise " + entryText + " in this workout")
            }
            var events = try group.sets.flatMap {
                try decide(.deleteSet(id: $0.id, reason: "exercise removed from the workout"), state: view.state, context: decideContext)
            }
            if let record, record.exercises.contains(where: { $0.exercise == group.exercise.id && $0.entry == group.entry }) {
                events += try decide(.removeWorkoutExercise(workout: record.id, exercise: group.exercise.id, entry: group.entry),
                                     state: view.state, context: decideContext)
            }
            return events
        } render: { _, _ in
            Response(status: .noContent)
        }
    }

    /// The entry a path's `exerciseId` names in a workout: a further entry by its id, else an
    /// exercise (id, name or alias), whose first entry it names (`WorkoutModel.entryID`). 404 otherwise.
    static func entry(_ text: String, record: WorkoutRecord?, view: LifterView) throws -> (exercise: Exercise, entry: EventID?) {
        if let id = APIID.event(text), let listed = record?.exercises.first(where: { $0.entry == id }) {
            return (view.state.exerciseOrStandIn(listed.exercise), id)
        }
        return (try SetRoutes.exercise(text, view: view), nil)
    }

    /// Whether the add whose key made event `id` asked for `exerciseText` (id, name or alias):
    /// the further entry `id` made is of that exercise, or, when `id` made no further entry, the
    /// exercise has a first entry in `record`. A retry asking for another exercise is 422.
    static func madeEntry(_ id: EventID, of exerciseText: String, record: WorkoutRecord, view: LifterView) -> Bool {
        let asked = view.state.exercises(named: exerciseText).first?.id ?? exerciseText
        if let made = record.exercises.first(where: { $0.entry == id }) { return made.exercise == asked }
        return record.exercises.contains { $0.exercise == asked && $0.entry == nil }
    }

    // MARK: Shared

    func workoutKey(_ context: LifterRequestContext) throws -> WorkoutKey {
        let text = try support.parameter(context, "id")
        guard let key = APIID.workout(text) else { throw APIError.notFound("workout " + text) }
        return key
    }

    /// The live session `key` names, or 404.
    static func session(_ key: WorkoutKey, view: LifterView) throws -> WorkoutRecord {
        guard let id = key.id, let record = view.state.workout(id), !record.isDiscarded else {
            throw APIError.notFound("workout " + APIID.text(key))
        }
        return record
    }

    /// The workout's detail, or 404; with `withPrevious`, and always while the workout is open
    /// (the app reloading its Active Workout shows "Previous: 80 kg × 8, 8, 7", seed 004 §8), each
    /// exercise's previous performance. A finished workout's reads leave it null: they would each
    /// read every set of the history.
    static func model(_ key: WorkoutKey, view: LifterView, now: Instant, withPrevious: Bool = false) throws -> WorkoutModel {
        let query = view.queryContext(now: now)
        guard let summary = view.workoutSummary(key, context: query) else {
            throw APIError.notFound("workout " + APIID.text(key))
        }
        let record = key.id.flatMap { view.state.workout($0) }
        var model = WorkoutModel(summary, record: record, withExercises: true)
        if withPrevious || record?.isOpen == true, var exercises = model.exercises {
            let ids = Set(exercises.map(\.exercise.id))
            let sets = view.state.liveSets.filter { ids.contains($0.exercise) && WorkoutKey(of: $0) != key }
            for index in exercises.indices {
                let exercise = view.state.exerciseOrStandIn(exercises[index].exercise.id)
                let card = ExerciseCard(exercise: exercise, sets: sets.filter { $0.exercise == exercise.id },
                                        now: now, offsetMinutes: query.offsetMinutes)
                exercises[index].previousPerformance = PreviousPerformanceModel(card)
            }
            model.exercises = exercises
        }
        return model
    }
}
