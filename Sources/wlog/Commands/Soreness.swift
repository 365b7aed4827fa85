import ArgumentParser
import WlogCore

/// `wlog soreness [GROUP RATING] [--note N]`: how sore each muscle group is (`soreness.recorded`).
struct SorenessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soreness",
        abstract: "Muscle soreness: wlog soreness legs 4 records it, wlog soreness lists the last 3 days.",
        discussion: """
            GROUP is a muscle group (chest, back, legs, shoulders, arms, biceps, triceps, core; quads, \
            glutes and calves count as legs) and RATING how sore it is, from 1 (not sore) to 5 (very \
            sore): one soreness.recorded, felt now. Then, or without GROUP and RATING, the list: each \
            group's latest report of the last 72 hours, sorest first. --format csv|json|jsonl: the \
            columns group, soreness, felt_at, note.
            """)

    @Argument(help: "The muscle group.") var group: MuscleGroup?
    @Argument(help: "How sore: 1 (not sore) to 5 (very sore).") var rating: Int?
    @OptionGroup var report: FactReport

    func validate() throws {
        try report.validate(subject: group?.rawValue, rating: rating, together: "GROUP and RATING together, e.g. wlog soreness legs 4",
                            withNote: "wlog soreness legs 4 --note \"stairs hurt\"")
    }

    func run() throws {
        let context = try Context.resolve()
        let fact = group.flatMap { group in rating.flatMap(Rating.init).map { SorenessRecorded(group: group.rawValue, soreness: $0, note: report.note) } }
        let (state, zone) = try report.state(recording: fact, context: context)
        let sore = state.soreMuscles(now: context.now)
        if context.format == .table, sore.isEmpty {
            printError("wlog: no soreness reported in the last 72 hours — report it with wlog soreness legs 4")
            return
        }
        var rows = Rows(columns: ["group", "soreness", "felt_at", "note"])
        for muscle in sore {
            rows.append([.text(muscle.group.rawValue), .int(Int64(muscle.soreness.value)),
                         .text(muscle.at.instant.zoned(zone).iso8601WithOffset), .optional(muscle.note)])
        }
        Printer.write(ReadOutput.render(rows, format: context.format, tableHeaders: ["Group", "Soreness", "Felt", "Note"]))
    }
}

extension SorenessRecorded: AuditedEvent {
    var auditSubject: String? { nil }
    func auditChange(unit: MassUnit) -> String { group + " sore " + String(soreness.value) + "/5" + (note.map { " — " + $0 } ?? "") }
}
