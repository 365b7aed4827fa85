import WlogCore
import WlogMCPTools

/// The tools `wlog mcp` offers: the lifter's training to read, and the few things an assistant
/// may log for them. Each names the `wlog` command it runs (docs/MCP.md lists them).
enum WlogTools {
    typealias Input = WlogTool.Input

    static let exercise = "The exercise: name, id or alias, any case; a unique prefix is enough (e.g. \"bench\")."
    static let setID = "The set's id (4 or more hex digits), as history or workout lists it."

    static let all: [WlogTool] = reads + writes + facts

    /// Every recorded fact's `record_…` tool, from its form (`ToolSignature(fact:)`).
    static let facts: [WlogTool] = FactForm.all.map { form in
        WlogTool(signature: ToolSignature(fact: form), command: ["append", "fact", form.type.rawValue], json: false)
    }

    /// What a set holds, as `log_set` takes it and `edit_set` corrects it.
    static let setValues: [Input] = [
        Input(name: "weight", kind: .number, description: "Weight in the journal's unit (added load for body-weight exercises).", passedAs: "--weight"),
        Input(name: "reps", kind: .integer, description: "Reps (0: a missed attempt).", passedAs: "--reps"),
        Input(name: "rpe", kind: .number, description: "RPE, 1 to 10 in steps of 0.5.", passedAs: "--rpe"),
        Input(name: "notes", kind: .string, description: "Notes.", passedAs: "--notes"),
    ]

    static let reads: [WlogTool] = [
        WlogTool(name: "history", description: "Workouts newest first: date, label, duration, sets, volume and records set (wlog history).",
                 inputs: [Input(name: "limit", kind: .integer, description: "How many workouts (default 50).", passedAs: "--limit"),
                          Input(name: "offset", kind: .integer, description: "Skip this many workouts first.", passedAs: "--offset"),
                          Input(name: "exercise", kind: .string, description: "Only workouts with this exercise.", passedAs: "--exercise"),
                          Input(name: "since", kind: .string, description: "First local day, YYYY-MM-DD.", passedAs: "--since"),
                          Input(name: "until", kind: .string, description: "Last local day, YYYY-MM-DD.", passedAs: "--until")],
                 command: ["history"]),
        WlogTool(name: "workout", description: "One workout in full with every set, or one set (wlog show).",
                 inputs: [Input(name: "id", kind: .string, description: "A workout or set id (4+ hex digits), day:YYYY-MM-DD or YYYY-MM-DD.",
                                required: true)],
                 command: ["show"]),
        WlogTool(name: "personal_records", description: "Personal records (heaviest, e1RM, rep maxes, set volume) with date and set (wlog prs).",
                 inputs: [Input(name: "exercise", kind: .string, description: "One exercise (default: every exercise with records).")],
                 command: ["prs"]),
        WlogTool(name: "e1rm_trend", description: "Estimated one-rep max of an exercise: the best per day and the current best (wlog e1rm).",
                 inputs: [Input(name: "exercise", kind: .string, description: exercise, required: true)],
                 command: ["e1rm"]),
        WlogTool(name: "e1rm_percentages", description: "Loads for 1–12 and 15 reps from the best e1RM of an exercise, by NSCA's reps → %1RM table (wlog e1rm --percentages).",
                 inputs: [Input(name: "exercise", kind: .string, description: exercise, required: true)],
                 command: ["e1rm", "--percentages"]),
        WlogTool(name: "volume", description: "Tonnage and hard sets per period (wlog volume).",
                 inputs: [Input(name: "weeks", kind: .integer, description: "Only the last N ISO weeks, this one included (0: all).", passedAs: "--weeks"),
                          Input(name: "by", kind: .string, description: "day, week (default), month or workout.", passedAs: "--by")],
                 command: ["volume"]),
        WlogTool(name: "bodyweight", description: "Body weight: current, change, goal, trend and entries with their 7-day average (wlog bodyweight).",
                 command: ["bodyweight"]),
        WlogTool(name: "balance", description: "Muscle balance: weekly hard sets per group, groups not trained lately, push : pull (wlog balance).",
                 command: ["balance"]),
        WlogTool(name: "coach", description: "The coach's suggestions (progress, plateau, deload, pain) each with its reason and numbers, and training load (wlog coach).",
                 command: ["coach"]),
        WlogTool(name: "today", description: "Today: the planned day, the last workout, the week streak and this week's volume (wlog today).",
                 command: ["today"]),
        WlogTool(name: "search_exercises", description: "Exercises with each one's last set and record (wlog exercises); the lifter's own unless all is true.",
                 inputs: [Input(name: "search", kind: .string, description: "Only exercises whose name, id or alias contains this text.", passedAs: "--search"),
                          Input(name: "all", kind: .boolean, description: "Search the whole built-in library too.", passedAs: "--all")],
                 command: ["exercises"]),
    ]

    static let writes: [WlogTool] = [
        WlogTool(name: "log_set", description: "Changes the journal: logs one set the lifter did (wlog append set). Refused input appends nothing.",
                 inputs: [Input(name: "exercise", kind: .string, description: exercise, required: true)] + setValues + [
                          Input(name: "type", kind: .string, description: "working (default), warmup, drop, failure or amrap.", passedAs: "--type"),
                          Input(name: "at", kind: .string, description: "When it was done (ISO 8601, a date, or HH:MM today); default now.", passedAs: "--at")],
                 writes: true, command: ["append", "set"], json: false),
        WlogTool(name: "edit_set", description: "Changes the journal: corrects a logged set (wlog append edit); the old version stays in the audit.",
                 inputs: [Input(name: "id", kind: .string, description: setID, required: true)] + setValues,
                 writes: true, command: ["append", "edit"], json: false),
        WlogTool(name: "delete_set", description: "Changes the journal: deletes a logged set (wlog append delete); it stays in the audit.",
                 inputs: [Input(name: "id", kind: .string, description: setID, required: true)],
                 writes: true, command: ["append", "delete"], json: false),
        WlogTool(name: "log_bodyweight", description: "Changes the journal: records a body weight in the journal's unit (wlog append bodyweight).",
                 inputs: [Input(name: "weight", kind: .number, description: "The body weight, e.g. 82.4.", required: true)],
                 writes: true, command: ["append", "bodyweight"], json: false),
        WlogTool(name: "log_readiness", description: "Changes the journal: records how the lifter feels today, each 1 to 5, and pain (wlog append readiness).",
                 inputs: [Input(name: "sleep", kind: .integer, description: "Sleep quality, 1 to 5.", passedAs: "--sleep"),
                          Input(name: "soreness", kind: .integer, description: "Soreness, 1 to 5.", passedAs: "--soreness"),
                          Input(name: "energy", kind: .integer, description: "Energy, 1 to 5.", passedAs: "--energy"),
                          Input(name: "mobility", kind: .integer, description: "Joint mobility, 1 to 5.", passedAs: "--mobility"),
                          Input(name: "pain", kind: .boolean, description: "Something hurts.", passedAs: "--pain"),
                          Input(name: "note", kind: .string, description: "What hurts, where.", passedAs: "--note")],
                 writes: true, command: ["append", "readiness"], json: false),
    ]
}
