import ArgumentParser
import WlogCore

/// `wlog chart e1rm EXERCISE | reps EXERCISE | bodyweight | volume`: a chart in the terminal or an SVG file.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart", abstract: "Chart e1RM of an exercise, body weight or weekly volume (terminal or --svg FILE).",
        discussion: """
            e1rm EXERCISE: the best e1RM per day (the journal's formula). reps EXERCISE: the most reps in a \
            set per day (the progress chart of a body-weight exercise). bodyweight: the last entry of \
            each day, with the goal as a dashed line. volume: weekly tonnage of the last --weeks weeks. \
            The terminal chart uses braille dots at exactly --width columns; --svg FILE writes a \
            standalone SVG instead (one circle per point with data-date and data-value).
            """)

    @Argument(help: ArgumentHelp("The chart.", valueName: "chart")) var what: ChartKind
    @Argument(help: "The exercise (for e1rm and reps); several words need no quotes.") var exercise: [String] = []
    @Option(help: "Width in columns (40 or more).") var width = 80
    @Option(help: "Height of the plot in rows (4 or more).") var height = 12
    @Option(help: "Weeks of volume to chart.") var weeks = 12
    @Option(help: "Write a standalone SVG file instead of drawing in the terminal.") var svg: String?

    /// The sizes' ranges, and an exercise exactly for the charts of one.
    func validate() throws {
        guard width >= 40 else { throw ValidationError("--width \(width) is too narrow; use 40 or more (default 80)") }
        guard height >= 4 else { throw ValidationError("--height \(height) is too low; use 4 or more (default 12)") }
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks \(weeks) must be 1 to 520") }
        if what.needsExercise, exercise.isEmpty {
            throw ValidationError("chart \(what.rawValue) needs an exercise, e.g. wlog chart \(what.rawValue) "
                + (what == .e1rm ? "bench press" : "pull-up"))
        }
        if !what.needsExercise, !exercise.isEmpty {
            throw ValidationError("chart \(what.rawValue) takes no exercise (got '\(exercise.joined(separator: " "))')")
        }
    }

    func run() throws {
        let loaded = try JournalSession.read().loaded
        let query = loaded.query
        let state = loaded.state
        let chart: Chart
        switch what {
        case .e1rm:
            let found = try ExerciseOptions.resolve(exercise.joined(separator: " "), in: state)
            chart = state.e1rmChart(exercise: found, context: query)
            if found.kind == .bodyweight, state.e1rmTrend(exercise: found, context: query).addedLoadOnly {
                printError("wlog: note: " + E1RMBasis.addedOnlyNote)
            }
        case .reps:
            chart = state.repsChart(exercise: try ExerciseOptions.resolve(exercise.joined(separator: " "), in: state), context: query)
        case .bodyweight:
            chart = state.bodyweightChart(context: query)
        case .volume:
            chart = state.volumeChart(weeks: weeks, context: query)
        }
        if let svg {
            try ChartText.writeSVG(chart, to: svg)
            printError("wlog: wrote " + svg + " (\(chart.points.count) points)")
        } else {
            Printer.write(ChartText.render(chart, width: width, height: height))
        }
    }
}

/// `chart CHART`: the charts there are.
enum ChartKind: String, CaseIterable, ExpressibleByArgument {
    case e1rm, reps, bodyweight, volume

    init?(argument: String) {
        switch argument.lowercased() {
        case "body-weight", "bw": self = .bodyweight
        case let other: self.init(rawValue: other)
        }
    }

    /// Whether the chart is of one exercise (`chart e1rm EXERCISE`).
    var needsExercise: Bool { self == .e1rm || self == .reps }
}
