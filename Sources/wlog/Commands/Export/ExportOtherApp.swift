import ArgumentParser
import WlogCore
import WlogInterop

/// `wlog export strong` / `wlog export hevy`: the workouts in Strong's or Hevy's CSV layout
/// (`StrongExporter`, `HevyExporter`), CSV only. Sets marked not done are left out (the apps'
/// files hold completed sets only; an importer would count them as done), and stderr says how many.
enum ExportOtherApp {
    case strong, hevy

    var name: String { self == .strong ? "Strong" : "Hevy" }

    func run(to output: String?, filter: ExportWorkoutFilter) throws {
        let context = try Context.resolve()
        if Run.options.format != nil, context.format != .csv {
            throw WlogError.usage("export \(name.lowercased()) writes \(name)'s CSV; leave out --format")
        }
        let loaded = try JournalSession(context: context).load()
        let (workouts, notDone) = try Self.workouts(loaded: loaded, context: context, filter: filter)
        if notDone > 0 {
            printError("wlog: left out \(notDone) set\(notDone == 1 ? "" : "s") marked not done (\(name)'s"
                       + " CSV has no such flag; an importer would count them as done)")
        }
        let text = self == .strong ? StrongExporter.export(workouts, unit: loaded.unit) : HevyExporter.export(workouts, unit: loaded.unit)
        try ReadOutput.write(text, to: output, rowCount: workouts.reduce(0) { $0 + $1.sets.count })
    }

    /// The workouts (oldest first) in the exporters' model, filtered like export workouts, and how
    /// many sets marked not done were left out.
    static func workouts(loaded: JournalSession.Loaded, context: Context, filter: ExportWorkoutFilter) throws
        -> (workouts: [ExportWorkout], notDone: Int) {
        let state = loaded.state
        var notDone = 0
        let summaries = state.history(try filter.history(state), context: loaded.query).workouts.reversed()
        let workouts = summaries.compactMap { summary -> ExportWorkout? in
            guard let start = summary.started else { return nil }
            let sets = summary.exercises.flatMap { exercise in
                exercise.sets.filter { set in
                    if !set.done { notDone += 1 }
                    return set.done
                }.map { ExportSet($0, of: exercise.exercise) }
            }
            guard !sets.isEmpty else { return nil }
            return ExportWorkout(summary, start: start, sets: sets)
        }
        return (workouts, notDone)
    }
}

/// `wlog export strong`.
struct ExportStrong: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "strong", abstract: "The workouts as Strong's CSV export.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var filter: ExportWorkoutFilter

    func run() throws { try ExportOtherApp.strong.run(to: destination.output, filter: filter) }
}

/// `wlog export hevy`.
struct ExportHevy: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hevy", abstract: "The workouts as Hevy's CSV export.")

    @OptionGroup var destination: ExportDestination
    @OptionGroup var filter: ExportWorkoutFilter

    func run() throws { try ExportOtherApp.hevy.run(to: destination.output, filter: filter) }
}
