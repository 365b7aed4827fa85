import ArgumentParser
import WlogCore

/// `wlog append workout start|finish|discard`: sessions.
struct AppendWorkout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout", abstract: "Start, finish or discard a session.",
        subcommands: [Start.self, Finish.self, Discard.self])

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a session; sets logged in the next 12 hours join it. With --routine, the planned day pre-filled (as wlog plan start).")
        @Option(help: "The session's name, e.g. \"Push A\".") var name: String?
        @Option(help: "The routine to follow.") var routine: String?
        @Option(help: "The routine day (1-based).") var day: Int?
        @Option(help: "Pre-workout mobility, 1 to 5.") var mobility: Int?
        @Option(help: "Notes.") var notes: String?
        @Option(help: "When it started (default now).") var at: String?
        @OptionGroup var retry: RetryID

        func run() throws {
            if routine != nil || day != nil {
                // A routine day starts like `wlog plan start`: planned exercises pre-filled, deload weeks applied.
                var arguments: [String] = []
                for (option, value) in [("--routine", routine), ("--day", day.map(String.init)), ("--mobility", mobility.map(String.init)),
                                        ("--name", name), ("--at", at)] {
                    if let value { arguments += [option, value] }
                }
                let start = try PlanCommand.Start.parse(arguments)
                try start.run()
                return
            }
            let context = try Context.resolve()
            let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { loaded in
                .startWorkout(StartWorkout(
                    name: name, routine: routine, day: day, mobility: mobility, notes: notes,
                    at: try loaded.at(at)))
            }
            for event in outcome.appended { print(event.id.short + "  started " + (name ?? "workout")) }
        }
    }

    struct Finish: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "finish", abstract: "Finish a session (default: the one in progress).")
        @Argument(help: "The session's id; default the one in progress.") var id: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: "Post-workout soreness, 1 to 5.") var soreness: Int?
        @Option(help: "Session RPE, 1 to 10.") var sessionRpe: Double?
        @Option(help: "When it finished (default now).") var at: String?
        @OptionGroup var retry: RetryID

        func run() throws {
            let context = try Context.resolve()
            let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { loaded in
                .finishWorkout(FinishWorkout(
                    workout: try id.map { try EventIDText.resolve($0, in: loaded.state.workoutIDs, what: "workout") },
                    notes: notes, soreness: soreness, sessionRPE: sessionRpe,
                    at: try loaded.at(at)))
            }
            for event in outcome.appended {
                if case .workoutFinished(let finished) = event.payload { print(finished.workout.short + "  finished") }
            }
        }
    }

    struct Discard: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "discard", abstract: "Discard a session: its sets leave every projection.")
        @Argument(help: "The session's id.") var id: String
        @OptionGroup var retry: RetryID

        func run() throws {
            let context = try Context.resolve()
            let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { loaded in
                .discardWorkout(try EventIDText.resolve(id, in: loaded.state.workoutIDs, what: "workout"))
            }
            for event in outcome.appended {
                if case .workoutDiscarded(let discarded) = event.payload { print(discarded.workout.short + "  discarded") }
            }
        }
    }
}
