import ArgumentParser
import WlogCore

/// `wlog pain [LOCATION RATING] [--note N]`: where it hurts and how much (`pain.reported`).
struct PainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pain",
        abstract: "Pain: wlog pain \"left knee\" 3 records it, wlog pain lists the last 14 days.",
        discussion: """
            LOCATION is where it hurts, as you say it (left knee, lower back), and RATING how much, \
            from 1 (a twinge) to 5 (stop training): one pain.reported, felt now. Then, or without \
            LOCATION and RATING, the list: each location's latest report of the last 14 days, worst \
            first, with how many reports of it there were. --format csv|json|jsonl: the columns \
            location, pain, felt_at, reports, note.
            """)

    @Argument(help: "Where it hurts.") var location: String?
    @Argument(help: "How much: 1 (a twinge) to 5 (stop training).") var rating: Int?
    @OptionGroup var report: FactReport

    func validate() throws {
        try report.validate(subject: location, rating: rating, together: "LOCATION and RATING together, e.g. wlog pain \"left knee\" 3",
                            withNote: "wlog pain \"left knee\" 3 --note \"sharp\"")
    }

    func run() throws {
        let context = try Context.resolve()
        let fact = location.flatMap { location in rating.flatMap(Rating.init).map { PainReported(location: location, pain: $0, note: report.note) } }
        let (state, zone) = try report.state(recording: fact, context: context)
        let spots = state.painSpots(now: context.now)
        if context.format == .table, spots.isEmpty {
            printError("wlog: no pain reported in the last 14 days — report it with wlog pain \"left knee\" 3")
            return
        }
        var rows = Rows(columns: ["location", "pain", "felt_at", "reports", "note"])
        for spot in spots {
            rows.append([.text(spot.location), .int(Int64(spot.pain.value)), .text(spot.at.instant.zoned(zone).iso8601WithOffset),
                         .int(Int64(spot.reports)), .optional(spot.note)])
        }
        Printer.write(ReadOutput.render(rows, format: context.format, tableHeaders: ["Location", "Pain", "Felt", "Reports", "Note"]))
    }
}

extension PainReported: AuditedEvent {
    var auditSubject: String? { nil }
    func auditChange(unit: MassUnit) -> String { location + " pain " + String(pain.value) + "/5" + (note.map { " — " + $0 } ?? "") }
}
