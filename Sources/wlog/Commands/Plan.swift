import ArgumentParser
import WlogCore

/// `wlog plan …`: the starter plan from onboarding answers (the default), the routine being
/// followed, starting today's planned day pre-filled, and routine edits (copy day, reorder, deload).
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Starter plan, routines, today's planned workout (docs/PLANNER.md).",
        subcommands: [Starter.self, Show.self, List.self, Start.self, CopyDay.self, Reorder.self, DeloadWeek.self, Retire.self],
        defaultSubcommand: Starter.self)

    /// `wlog plan [starter] --goal G --experience E --days N --equipment gym,… [--append]`.
    struct Starter: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "starter",
            abstract: "Print a starter routine from onboarding answers; --append adds it to the journal.",
            discussion: """
                Full body for 2–3 days, upper/lower for 4, push/pull/legs for 5–6; rep ranges by goal, sets by \
                experience; only exercises the equipment allows (home = body weight and bands). Answers not \
                given come from the profile. --format json prints the routine file format of \
                wlog append routine --file.
                """)
        @Option(help: "Your goal (default: the profile's).") var goal: TrainingGoal?
        @Option(help: "Your training experience (default: the profile's).") var experience: Experience?
        @Option(help: "Training days per week, 2 to 6.") var days: Int?
        @Option(help: "Comma list of gym, home, dumbbells, barbell.") var equipment: String?
        @Flag(help: "Append the routine to the journal.") var append = false

        func run() throws {
            let context = try Context.resolve()
            var profile: Profile?
            if goal == nil || experience == nil || days == nil { profile = try? JournalSession(context: context).load().state.profile }
            guard let goalValue = goal ?? profile?.goal else {
                throw WlogError.usage("--goal is missing; use strength, hypertrophy, fat-loss, endurance or general")
            }
            guard let level = experience ?? profile?.experience else {
                throw WlogError.usage("--experience is missing; use beginner, intermediate or advanced")
            }
            guard let count = days ?? profile?.daysPerWeek else { throw WlogError.usage("--days is missing; give 2 to 6") }
            guard let equipment else { throw WlogError.usage("--equipment is missing; give gym, home, dumbbells or barbell (comma list)") }
            var access: Set<StarterPlan.Access> = []
            for part in equipment.lowercased().split(separator: ",") {
                guard let a = StarterPlan.Access(rawValue: String(part.trimmingWhitespace())) else {
                    throw WlogError.usage("--equipment '\(part)' is unknown; use gym, home, dumbbells or barbell")
                }
                access.insert(a)
            }
            let routine: Routine
            do {
                routine = try StarterPlan.make(.init(goal: goalValue, experience: level, daysPerWeek: count, access: access))
            } catch {
                throw WlogError.usage(error.message)
            }
            if append {
                let outcome = try JournalSession(context: context).append { _ in .createRoutine(routine) }
                if outcome.appended.isEmpty { return }
                printError("wlog: appended routine " + routine.id + " — start it with wlog plan start")
            }
            if context.format == .json {
                Printer.write(RoutineFile.json(routine))
            } else {
                Printer.write(PlanText.routine(routine, state: WlogState.initial))
            }
        }
    }

    /// `wlog plan show [ROUTINE]`: the routine and today's planned day.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a routine (default: the one you follow) and today's day.")
        @Argument(help: "Routine id or name.") var routine: String?

        func run() throws {
            let (context, loaded) = try JournalSession.read()
            let query = loaded.query
            let state = loaded.state
            let id = try routine.map { try PlanText.routineID($0, in: state) }
            guard let chosen = id.flatMap({ state.routines[$0]?.routine }) ?? state.activeRoutine(context: query) else {
                throw WlogError.refused("no routine yet — create one with wlog plan --append or wlog append routine --file F")
            }
            if context.format == .json {
                Printer.write(RoutineFile.json(chosen))
                return
            }
            var text = PlanText.routine(chosen, state: state)
            if let planned = state.plannedDay(routine: chosen.id, context: query) {
                text += "\nToday: " + planned.title + (planned.inProgress ? " — in progress" : "") + "\n"
                text += state.prefill(planned.day, isDeload: planned.isDeload, context: query).map { "  " + $0.line + "\n" }.joined()
            }
            Printer.write(text)
        }
    }

    /// `wlog plan list`: the same as `wlog routines`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List your routines (as wlog routines).")
        @Flag(help: "Include retired routines.") var all = false

        func run() throws {
            var routines = RoutinesCommand()
            routines.all = all
            try routines.run()
        }
    }

    /// `wlog plan start [--routine R] [--day N]`: starts the planned day, pre-filled.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start a workout from a routine day (default: today's planned day), pre-filled with last time and the coach's suggestion.")
        @Option(help: "Routine id or name (default: the one you follow).") var routine: String?
        @Option(help: "Day index (default: the day after the last one done).") var day: Int?
        @Option(help: "Pre-workout mobility, 1 to 5.") var mobility: Int?
        @Option(help: "Session name (default: the day's title).") var name: String?
        @Option(help: "When it started (default now).") var at: String?

        func run() throws {
            let context = try Context.resolve()
            var lines: [String] = []
            let outcome = try JournalSession(context: context).append({ loaded, decideContext in
                let state = loaded.state
                let query = loaded.query
                let id = try routine.map { try PlanText.routineID($0, in: state) } ?? state.activeRoutine(context: query)?.id
                guard let id else { throw WlogError.refused("no routine yet — create one with wlog plan --append or wlog append routine --file F") }
                let planned = state.plannedDay(routine: id, context: query)
                let command = StartWorkout(name: name, routine: id, day: day ?? planned?.day.index, mobility: mobility,
                                           at: try loaded.at(at))
                let events: [Event]
                do { events = try decide(.startWorkout(command), state: state, context: decideContext) } catch { throw WlogError(refusal: error) }
                let start = RoutineStart.adjust(events, state: state, context: query)
                lines = start.lines
                return start.events
            })
            for event in outcome.appended {
                if case .workoutStarted(let started) = event.payload {
                    print(event.id.short + "  started " + (started.name ?? "workout"))
                }
            }
            Printer.write(lines.map { "  " + $0 + "\n" }.joined())
        }
    }

    /// `wlog plan copy-day ROUTINE --day N [--title T]`.
    struct CopyDay: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "copy-day", abstract: "Copy a routine day to a new day at the end.")
        @Argument(help: "Routine id or name.") var routine: String
        @Option(help: "The day to copy.") var day: Int
        @Option(help: "The new day's title (default: '<title> (copy)').") var title: String?

        func run() throws {
            try PlanText.edit(routine) { r, _ in try RoutineEdit.copyDay(r, from: day, title: title) }
        }
    }

    /// `wlog plan reorder ROUTINE --day N EXERCISE…`.
    struct Reorder: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reorder", abstract: "Put a day's exercises in a new order (those named first).")
        @Argument(help: "Routine id or name.") var routine: String
        @Option(help: "The day.") var day: Int
        @Argument(help: "Exercises in the new order (names, ids or aliases; quote names with spaces).") var exercises: [String]

        func run() throws {
            try PlanText.edit(routine) { r, state in
                try RoutineEdit.reorder(r, day: day, exercises: try exercises.map { try ExerciseOptions.resolve($0, in: state).id })
            }
        }
    }

    /// `wlog plan deload ROUTINE --week N [--off]`.
    struct DeloadWeek: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deload", abstract: "Mark a routine week as a deload week (half the sets, 10 % off the load), or --off.")
        @Argument(help: "Routine id or name.") var routine: String
        @Option(help: "The 1-based week of the routine.") var week: Int
        @Flag(help: "Unmark it.") var off = false

        func run() throws {
            try PlanText.edit(routine) { r, _ in try RoutineEdit.deload(r, week: week, on: !off) }
        }
    }

    /// `wlog plan retire ROUTINE`.
    struct Retire: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "retire", abstract: "Retire a routine (its workouts stay in history).")
        @Argument(help: "Routine id or name.") var routine: String

        func run() throws {
            let context = try Context.resolve()
            let outcome = try JournalSession(context: context).append { _ in .retireRoutine(routine) }
            for event in outcome.appended { if case .routineRetired(let p) = event.payload { print(p.id + "  retired") } }
        }
    }
}

extension PlanCommand {
    /// Routine text and the shared steps of the routine edits.
    enum PlanText {
        /// The routine as a lifter reads it: days with their planned exercises.
        static func routine(_ r: Routine, state: WlogState) -> String {
            var text = r.name + "  (" + r.id + ")"
            if let weeks = r.weeks { text += "  \(weeks) weeks" }
            if !r.deloadWeeks.isEmpty { text += "  deload week " + r.deloadWeeks.map(String.init).joined(separator: ", ") }
            text += "\n"
            for day in r.days.sorted(by: { $0.index < $1.index }) {
                text += "\nDay \(day.index)  " + day.title + "\n"
                let names = day.exercises.map { state.exercise($0.exercise)?.name ?? $0.exercise }
                let width = names.map(TableText.width).max() ?? 0
                for (name, p) in zip(names, day.exercises) {
                    text += "  " + name + String(repeating: " ", count: width - TableText.width(name) + 2) + Prefill.targetText(p) + "\n"
                }
            }
            return text
        }

        /// The id of a routine named by id, slug or name (retired ones included), or a refusal listing them.
        static func routineID(_ text: String, in state: WlogState) throws -> String {
            if state.routines[text] != nil { return text }
            if state.routines[Exercise.slug(text)] != nil { return Exercise.slug(text) }
            let key = Exercise.nameKey(text)
            if let match = state.routines.values.first(where: { Exercise.nameKey($0.routine.name) == key }) { return match.routine.id }
            let known = state.routines.values.filter { !$0.isRetired }.map(\.routine.id).sorted()
            throw WlogError.refused("routine '\(text)' is unknown — " + (known.isEmpty ? "no routine exists yet" : "known: " + known.joined(separator: ", ")))
        }

        /// Loads the routine, applies `change` and appends it as `routine.updated`.
        static func edit(_ text: String, _ change: (Routine, WlogState) throws -> Routine) throws {
            let context = try Context.resolve()
            let outcome = try JournalSession(context: context).append { loaded in
                let id = try routineID(text, in: loaded.state)
                guard let record = loaded.state.routines[id] else { throw WlogError.refused("routine '\(text)' is unknown") }
                do { return .updateRoutine(try change(record.routine, loaded.state)) } catch { throw WlogError(refusal: error) }
            }
            for event in outcome.appended {
                if case .routineUpdated(let r) = event.payload { Printer.write(routine(r, state: outcome.state)) }
            }
        }
    }
}
