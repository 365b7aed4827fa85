import Hummingbird
import WlogCore
import WlogMCPTools
import WlogStore

/// The tools `/mcp` offers: the names and purposes of `wlog mcp`'s, in the API's terms (docs/MCP.md).
enum APITools {
    typealias Input = ToolInput

    static let exercise = "The exercise: its id (bench-press), name or alias, any case."
    static let setID = "The set's id (a UUID), as the workout tool lists it."
    static let page = Input(name: "page", kind: .integer, description: "Page, from 1.", passedAs: "page")

    static let all: [APITool] = reads + writes + facts

    /// Every recorded fact's `record_…` tool, from its form (`ToolSignature(fact:)`): the command
    /// `POST /api/v1/facts/{type}` decides, answered as that route answers.
    static let facts: [APITool] = FactForm.all.map { form in
        APITool(signature: ToolSignature(fact: form), action: .write(fields: [:], decide: { values, _ in .record(try form.fact(values)) },
                                                                     render: { _, _, events, _ in try FactRoutes.answer(events, type: form.type) }))
    }

    static let reads: [APITool] = [
        APITool("history", "Workouts newest first, a page at a time: date, name, duration, sets and volume (GET /api/v1/workouts).",
                inputs: [page, Input(name: "pageSize", kind: .integer, description: "Workouts a page, 1 to 100 (default 20).", passedAs: "pageSize")],
                get: "workouts"),
        APITool("workout", "One workout in full with its exercises and every set (GET /api/v1/workouts/{id}).",
                inputs: [Input(name: "id", kind: .string, description: "The workout's id: a UUID, or YYYY-MM-DD for a day's sets logged without a session.",
                               required: true)],
                get: "workouts/{id}"),
        APITool("personal_records", "Personal records (heaviest, e1RM, rep maxes, set volume) with date and set (GET /api/v1/prs).",
                inputs: [Input(name: "exercise", kind: .string, description: "One exercise (default: every exercise with records).", passedAs: "exercise")],
                get: "prs"),
        APITool("e1rm_trend", "Estimated one-rep max of an exercise: the best per day (GET /api/v1/exercises/{exercise}/e1rm).",
                inputs: [Input(name: "exercise", kind: .string, description: exercise, required: true)],
                get: "exercises/{exercise}/e1rm"),
        APITool("e1rm_percentages", "Loads for 1–12 and 15 reps from the best e1RM of an exercise, by NSCA's reps → %1RM table (GET /api/v1/exercises/{exercise}/e1rm/percentages).",
                inputs: [Input(name: "exercise", kind: .string, description: exercise, required: true)],
                get: "exercises/{exercise}/e1rm/percentages"),
        APITool("volume", "Tonnage and hard sets per period (GET /api/v1/volume).",
                inputs: [Input(name: "by", kind: .string, description: "day, week (default), month or workout.", passedAs: "by"),
                         Input(name: "byMuscle", kind: .boolean, description: "Split each period by muscle group.", passedAs: "byMuscle"),
                         Input(name: "since", kind: .string, description: "First local day, YYYY-MM-DD.", passedAs: "since"),
                         Input(name: "until", kind: .string, description: "Last local day, YYYY-MM-DD.", passedAs: "until")],
                get: "volume"),
        APITool("bodyweight", "Body weight: entries with their 7-day average, change, goal and trend (GET /api/v1/bodyweight).", get: "bodyweight"),
        APITool("balance", "Muscle balance: weekly hard sets per group and muscle, what was not trained lately, push : pull (GET /api/v1/balance).",
                inputs: [Input(name: "weeks", kind: .integer, description: "Weeks to average, 1 to 52 (default 4).", passedAs: "weeks")],
                get: "balance"),
        APITool("coach", "The coach's suggestions (progress, plateau, deload, recovery, pain) each with its reason and numbers (GET /api/v1/coach).",
                get: "coach"),
        APITool("today", "Today: the planned day, the last workout, the week streak and this week's volume (GET /api/v1/today).", get: "today"),
        APITool("search_exercises", "The exercise library and the lifter's own exercises, filtered (GET /api/v1/exercises).",
                inputs: [Input(name: "q", kind: .string, description: "Only exercises whose name or alias contains this text.", passedAs: "q"),
                         Input(name: "muscle", kind: .string, description: "A muscle group or fine muscle (chest, hamstrings …).", passedAs: "muscle"),
                         Input(name: "equipment", kind: .string, description: "barbell, dumbbell, cable, machine …", passedAs: "equipment"),
                         page, Input(name: "pageSize", kind: .integer, description: "Exercises a page, 1 to 500 (default 50).", passedAs: "pageSize")],
                get: "exercises"),
    ]

    /// The set inputs `log_set` takes and `edit_set` corrects, as the API names them.
    static let setValues: [Input] = [
        Input(name: "weightKg", kind: .number, description: "Weight in kilograms (added load for body-weight exercises)."),
        Input(name: "reps", kind: .integer, description: "Reps (0: a missed attempt)."),
        Input(name: "rpe", kind: .number, description: "RPE, 1 to 10 in steps of 0.5."),
        Input(name: "setType", kind: .string, description: "working (default), warmup, drop, failure or amrap."),
        Input(name: "notes", kind: .string, description: "Notes."),
    ]

    static let writes: [APITool] = [
        APITool("log_set", "Changes the journal: logs one set the lifter did, in the session in progress or the day's sets. Refused input appends nothing.",
                inputs: [Input(name: "exercise", kind: .string, description: exercise, required: true)] + setValues
                    + [Input(name: "completedAt", kind: .string, description: "When it was done, ISO 8601 with a zone; default now.")],
                fields: SetRoutes.fields.merging(["set.exercise": "exercise"]) { $1 },
                decide: { values, view in
                    .logSets(LogSets(exercise: values["exercise"] ?? "", at: try RouteSupport.zoned(values["completedAt"], field: "completedAt", view: view),
                                     reps: values.integer("reps"), weight: try RouteSupport.kilograms(values.number("weightKg"), field: "weightKg"),
                                     rpe: values.number("rpe"), setType: try SetRoutes.setType(values["setType"]) ?? .working, notes: values["notes"]))
                },
                render: { _, view, events, _ in
                    try JSONBody.envelope(try events.filter { view.state.set($0.id) != nil }.map { try SetRoutes.model($0.id, view: view) }, status: .created)
                }),
        APITool("edit_set", "Changes the journal: corrects a logged set; the old version stays in the audit.",
                inputs: [Input(name: "id", kind: .string, description: setID, required: true)] + setValues,
                fields: SetRoutes.fields.merging(["set": "id"]) { $1 },
                decide: { values, view in
                    .editSet(EditSet(set: try liveSet(values["id"], view: view), reps: values.integer("reps"),
                                     weight: try RouteSupport.kilograms(values.number("weightKg"), field: "weightKg"), rpe: values.number("rpe"),
                                     setType: try SetRoutes.setType(values["setType"]), notes: values["notes"]))
                },
                render: { values, view, _, _ in try JSONBody.envelope(try SetRoutes.model(try liveSet(values["id"], view: view), view: view)) }),
        APITool("delete_set", "Changes the journal: deletes a logged set; it stays in the audit.",
                inputs: [Input(name: "id", kind: .string, description: setID, required: true)],
                fields: ["set": "id"],
                decide: { values, view in .deleteSet(id: try liveSet(values["id"], view: view), reason: nil) },
                render: { values, _, _, _ in try JSONBody.envelope(["deleted": values["id"] ?? ""]) }),
        APITool("log_bodyweight", "Changes the journal: records a body weight now, in kilograms.",
                inputs: [Input(name: "weightKg", kind: .number, description: "The body weight in kilograms, e.g. 82.4.", required: true),
                         Input(name: "notes", kind: .string, description: "Notes.")],
                fields: ["bodyweight.weight": "weightKg", "bodyweight.notes": "notes"],
                decide: { values, _ in
                    guard let weight = try RouteSupport.kilograms(values.number("weightKg"), field: "weightKg") else {
                        throw APIError.validation(field: "weightKg", "is required")
                    }
                    return .recordBodyweight(weight: weight, at: nil, notes: values["notes"])
                },
                render: { _, view, _, now in
                    try JSONBody.envelope(BodyweightModel(view.state.bodyweightStats(context: view.queryContext(now: now))), status: .created)
                }),
        APITool("log_readiness", "Changes the journal: records how the lifter feels today, each 1 to 5, and pain.",
                inputs: [Input(name: "sleep", kind: .integer, description: "Sleep quality, 1 to 5."),
                         Input(name: "soreness", kind: .integer, description: "Soreness, 1 to 5."),
                         Input(name: "energy", kind: .integer, description: "Energy, 1 to 5."),
                         Input(name: "mobility", kind: .integer, description: "Joint mobility, 1 to 5."),
                         Input(name: "pain", kind: .boolean, description: "Something hurts."),
                         Input(name: "note", kind: .string, description: "What hurts, where.")],
                fields: ["readiness.sleep": "sleep", "readiness.soreness": "soreness", "readiness.energy": "energy",
                         "readiness.mobility": "mobility", "readiness.note": "note"],
                decide: { values, _ in
                    .recordReadiness(RecordReadiness(mobility: values.integer("mobility"), soreness: values.integer("soreness"),
                                                     sleep: values.integer("sleep"), energy: values.integer("energy"),
                                                     pain: values.flag("pain"), note: values["note"]))
                },
                render: { _, _, events, _ in try JSONBody.envelope(["recorded": events.first.map { APIID.text($0.id) } ?? ""], status: .created) }),
    ]

    /// The live set a tool's `id` names, or 404 — another lifter's set answers as an unknown one.
    static func liveSet(_ text: String?, view: LifterView) throws -> EventID {
        let text = text ?? ""
        guard let id = APIID.event(text), let set = view.state.set(id), set.isLive else { throw APIError.notFound("set " + text) }
        return id
    }
}
