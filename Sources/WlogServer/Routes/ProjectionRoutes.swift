import Hummingbird
import WlogCore
import WlogStore

/// Every projection the CLI has, read-only, in the same envelope — plus `POST /bodyweight`.
struct ProjectionRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.get("prs", use: prs)
        api.get("exercises/:exerciseId", use: card)
        api.get("exercises/:exerciseId/e1rm", use: e1rm)
        api.get("exercises/:exerciseId/e1rm/percentages", use: percentages)
        api.get("volume", use: volume)
        api.get("bodyweight", use: bodyweight)
        api.post("bodyweight", use: recordBodyweight)
        api.get("today", use: today)
        api.get("balance", use: balance)
        api.get("coach", use: coach)
        api.get("scores", use: scores)
    }

    /// `GET /prs[?exercise=ID]`: every exercise's records (or one exercise's), the settings' rep targets.
    @Sendable func prs(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let exerciseText = request.uri.queryParameters["exercise"].map(String.init)
        let now = support.now()
        return try await support.read(lifter, request) { view in
            let state = view.state
            let targets = state.settings.prReps
            if let exerciseText {
                let exercise = try SetRoutes.exercise(exerciseText, view: view)
                let records = state.personalRecords(ofExercise: exercise.id, repTargets: targets)
                    ?? state.personalRecords(of: exercise, sets: [], repTargets: targets)
                return try JSONBody.envelope([ExerciseRecordsModel(records, now: now)])
            }
            return try JSONBody.envelope(state.everyExerciseRecords(repTargets: targets).map { ExerciseRecordsModel($0, now: now) })
        }
    }

    /// `GET /exercises/:exerciseId`: the exercise's card and records.
    @Sendable func card(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await readExercise(request, context) { view, exercise, now in
            let state = view.state
            let query = view.queryContext(now: now)
            let sets = state.liveSets.filter { $0.exercise == exercise.id }
            let records = state.personalRecords(of: exercise, sets: sets, repTargets: state.settings.prReps)
            let card = ExerciseCard(exercise: exercise, sets: sets, now: now, offsetMinutes: query.offsetMinutes, records: records)
            let model = ExerciseCardModel(
                exercise: ExerciseModel(exercise), lastSet: card.lastSet.map { SetModel($0, orderIndex: 0) },
                lastSessionTopSet: card.lastSessionTopSet.map { SetModel($0, orderIndex: 0) },
                pr: card.pr.map { RecordModel($0, now: now) }, previousPerformance: PreviousPerformanceModel(card),
                records: records.records.map { RecordModel($0, now: now) })
            return try JSONBody.envelope(model)
        }
    }

    /// `GET /exercises/:exerciseId/e1rm`: the best e1RM per day (the settings' formula and max reps).
    @Sendable func e1rm(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await readExercise(request, context) { view, exercise, now in
            let state = view.state
            guard exercise.kind.isStrengthLike else {
                throw APIError.validation(field: "exerciseId", "\(exercise.name) is a \(exercise.kind.rawValue) exercise: it has no e1RM")
            }
            let trend = state.e1rmTrend(exercise: exercise, context: view.queryContext(now: now))
            let points = trend.points.map {
                E1RMPointModel(date: $0.day.iso, e1rmKg: $0.e1rm.kilograms, setId: APIID.text($0.set), weightKg: $0.weight.kilograms,
                               reps: $0.reps, isBest: $0.set == trend.best?.set)
            }
            return try JSONBody.envelope(points)
        }
    }

    /// `GET /exercises/:exerciseId/e1rm/percentages`: NSCA's reps → %1RM table for the best e1RM
    /// (the settings' formula and max reps), the loads rounded to 2.5 kg / 5 lb of the display unit.
    @Sendable func percentages(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try await readExercise(request, context) { view, exercise, now in
            guard exercise.kind.isStrengthLike else {
                throw APIError.validation(field: "exerciseId", "\(exercise.name) is a \(exercise.kind.rawValue) exercise: it has no e1RM")
            }
            let query = view.queryContext(now: now)
            let trend = view.state.e1rmTrend(exercise: exercise, context: query)
            return try JSONBody.envelope(PercentagesModel(best: trend.best, formula: trend.formula, unit: query.unit))
        }
    }

    /// `GET /volume?by=week|day|month|workout&byMuscle=true&since=&until=`.
    @Sendable func volume(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let query = request.uri.queryParameters
        var options = VolumeOptions()
        if let by = query["by"] {
            guard let period = VolumePeriod(rawValue: String(by)) else {
                throw APIError.validation(field: "by", "\"\(by)\" is not a period — day, week, month or workout")
            }
            options.by = period
        }
        if let flag = query["byMuscle"] {
            guard let value = Bool(String(flag)) else { throw APIError.validation(field: "byMuscle", "must be true or false") }
            options.byMuscle = value
        }
        options.since = try Self.day(query["since"], field: "since")
        options.until = try Self.day(query["until"], field: "until")
        let now = support.now()
        let chosen = options
        return try await support.read(lifter, request) { view in
            try JSONBody.envelope(view.state.volume(chosen, context: view.queryContext(now: now)).map(VolumeRowModel.init))
        }
    }

    /// `GET /bodyweight`: entries, 7-day averages, goal and trend.
    @Sendable func bodyweight(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let now = support.now()
        return try await support.read(lifter, request) { view in
            try JSONBody.envelope(BodyweightModel(view.state.bodyweightStats(context: view.queryContext(now: now))))
        }
    }

    struct BodyweightBody: Decodable {
        var weightKg: Double
        var recordedAt: String?
        var notes: String?
        /// Confirms a body weight the engine finds implausible (outside 20–400 kg).
        var force: Bool?
    }

    /// `POST /bodyweight {weightKg, recordedAt?, notes?}`: records a body weight. 201 with the stats.
    @Sendable func recordBodyweight(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let body = try await JSONBody.decode(BodyweightBody.self, from: request, context: context)
        let weight = try RouteSupport.kilograms(body.weightKg, field: "weightKg")
        let fixed = try support.fixedIDs(request, lifter: lifter, route: "POST /bodyweight")
        let now = support.now()
        return try await RouteSupport.naming(["bodyweight.weight": "weightKg", "bodyweight.at": "recordedAt", "bodyweight.notes": "notes"]) {
            try await support.store.write(lifter, at: now, actor: "api", fixedIDs: fixed) { view, decideContext in
                let at = try RouteSupport.zoned(body.recordedAt, field: "recordedAt", view: view)
                if let first = fixed.first, view.state.contains(eventID: first) {
                    if let entry = view.state.bodyweightEntries.first(where: { $0.id == first }) {
                        let asked: [(String, Bool)] = [
                            ("weightKg", weight.map { $0.kilogramTenThousandths != entry.weight.kilogramTenThousandths } ?? false),
                            ("recordedAt", at.map { $0.instant != entry.at.instant } ?? false),
                            ("notes", body.notes.map { $0 != entry.notes } ?? false)]
                        if let difference = asked.first(where: \.1) { throw APIError.idempotencyKeyReused(difference.0) }
                    }
                    return []
                }
                guard let weight else { return [] }
                var context = decideContext
                context.confirmsImplausible = body.force == true
                return try decide(.recordBodyweight(weight: weight, at: at, notes: body.notes), state: view.state, context: context)
            } render: { view, _ in
                try JSONBody.envelope(BodyweightModel(view.state.bodyweightStats(context: view.queryContext(now: now))), status: .created)
            }
        }
    }

    /// `GET /today`.
    @Sendable func today(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let now = support.now()
        return try await support.read(lifter, request) { view in
            let state = view.state
            let query = view.queryContext(now: now)
            let consistency = state.consistency(context: query)
            let planned = state.plannedDay(context: query)
            let last = consistency.lastWorkout.map {
                WorkoutModel($0, record: $0.id.flatMap { state.workout($0) }, withExercises: false)
            }
            let model = TodayModel(
                date: query.today.iso, week: query.today.isoWeekText,
                plannedRoutineId: planned.map { RoutineModel.id(routine: $0.routine.id, day: $0.day.index) },
                plannedTitle: planned?.title, streakWeeks: consistency.currentStreak,
                workoutsThisWeek: consistency.workoutsThisWeek, volumeThisWeekKg: consistency.volumeThisWeek.kilograms,
                lastWorkout: last, bodyweightKg: state.bodyweightEntries.last?.weight.kilograms, goalKg: state.goal?.kilograms)
            return try JSONBody.envelope(model)
        }
    }

    /// `GET /balance?weeks=4`.
    @Sendable func balance(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let weeks = try PageRequest.integer(request, "weeks", default: MuscleBalance.Options().weeks, range: 1...52)
        let now = support.now()
        return try await support.read(lifter, request) { view in
            var options = MuscleBalance.Options()
            options.weeks = weeks
            return try JSONBody.envelope(BalanceModel(view.state.muscleBalance(options, context: view.queryContext(now: now))))
        }
    }

    /// `GET /coach`.
    @Sendable func coach(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let now = support.now()
        return try await support.read(lifter, request) { view in
            try JSONBody.envelope(CoachModel(view.state.coachReport(context: view.queryContext(now: now))))
        }
    }

    /// `GET /scores`: DOTS, IPF GL, Wilks and IPF points of the best singles (`wlog coach --scores`).
    @Sendable func scores(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let now = support.now()
        return try await support.read(lifter, request) { view in
            try JSONBody.envelope(ScoresModel(view.state.lifterScores(context: view.queryContext(now: now))))
        }
    }

    /// A GET on `/exercises/:exerciseId…`: `body` with the exercise the path names (404 when none).
    private func readExercise(_ request: Request, _ context: LifterRequestContext,
                              _ body: @escaping @Sendable (LifterView, Exercise, Instant) throws -> Response) async throws -> Response {
        let lifter = try context.requireLifter()
        let text = try support.parameter(context, "exerciseId")
        let now = support.now()
        return try await support.read(lifter, request) { view in try body(view, try SetRoutes.exercise(text, view: view), now) }
    }

    static func day(_ text: Substring?, field: String) throws -> LocalDay? {
        guard let text else { return nil }
        guard let day = LocalDay(iso: text) else {
            throw APIError.validation(field: field, "\"\(text)\" is not a date — YYYY-MM-DD")
        }
        return day
    }
}
