import ArgumentParser
import WlogCore

/// `wlog volume`: tonnage and hard sets per day, week, month or workout, optionally per muscle group.
struct VolumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "volume", abstract: "Tonnage and hard sets per period (and muscle group).",
        discussion: """
            Volume = reps × weight of qualifying sets (live, done, not warm-ups, strength or body-weight \
            exercises; body-weight exercises count the added load, or the body weight too with \
            --with-bodyweight). Hard sets = qualifying sets. With --group-by muscle a set counts 1 for its \
            primary group and 0.5 (and half its tonnage) for each secondary group. \
            Weeks are ISO weeks (2026-W47) of each set's local day. By default the last 12 weeks \
            (this one included); --weeks 0 shows all. \
            Columns of csv/json/jsonl (and of wlog export volume): period, group, sets, volume, unit.
            """)

    @OptionGroup var options: VolumeQueryOptions

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let query = loaded.query
        let volume = loaded.state.volume(options.volumeOptions(today: query.today, defaultWeeks: 12), context: query)
        let rows = VolumeRows.rows(volume, unit: loaded.unit)
        guard context.format == .table else {
            Printer.emit(rows, format: context.format)
            return
        }
        if rows.rows.isEmpty {
            printError("wlog: no volume in this period — log a set with wlog append set, or widen it with --weeks 0")
            return
        }
        var table = Rows(columns: ["period", "group", "sets", "volume"])
        for row in rows.rows { table.append([row[0], row[1], row[2], row[3]]) }
        if !options.groupBy.isSet { table = Rows(columns: ["period", "sets", "volume"], rows: table.rows.map { [$0[0], $0[2], $0[3]] }) }
        let headers = options.groupBy.isSet
            ? ["Period", "Group", "Hard sets", "Volume " + loaded.unit.rawValue]
            : ["Period", "Hard sets", "Volume " + loaded.unit.rawValue]
        Printer.emit(table, format: .table, tableHeaders: headers)
    }
}

/// The options of `volume` and `export volume`.
struct VolumeQueryOptions: ParsableArguments {
    @Option(help: "The period (default week).") var by: VolumePeriod?
    @Option(name: .customLong("group-by"), help: "Split each period by muscle group.") var groupBy: VolumeGrouping?
    @Option(help: "Only the last N ISO weeks, this one included (0: all).") var weeks: Int?
    @Flag(help: "Add the latest body weight to each set of a body-weight exercise.") var withBodyweight = false

    func validate() throws {
        if let weeks, !(0...5_200).contains(weeks) {
            throw ValidationError("--weeks \(weeks) is out of range; use 0 (all) to 5200 (100 years)")
        }
    }

    func volumeOptions(today: LocalDay, defaultWeeks: Int?, since: LocalDay? = nil, until: LocalDay? = nil) -> VolumeOptions {
        VolumeRows.options(
            by: by, byMuscle: groupBy == .muscle, weeks: weeks ?? defaultWeeks, since: since, until: until,
            withBodyweight: withBodyweight, today: today)
    }
}

extension Optional {
    /// Whether a value is present.
    var isSet: Bool { self != nil }
}

/// `volume --group-by`: what each period is split by (one choice today).
enum VolumeGrouping: String, CaseIterable, ExpressibleByArgument {
    case muscle

    init?(argument: String) {
        switch argument.lowercased() {
        case "muscle", "muscles", "group": self = .muscle
        default: return nil
        }
    }
}
