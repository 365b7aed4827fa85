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
    @Option(help: "What it is like, e.g. \"stairs hurt\".") var note: String?
    @OptionGroup var retry: RetryID

    func validate() throws {
        guard (group == nil) == (rating == nil) else {
            throw ValidationError("give GROUP and RATING together, e.g. wlog soreness legs 4")
        }
        if let rating, Rating(rating) == nil {
            throw ValidationError("RATING '\(rating)' is not a rating; use \(Rating.allowedText)")
        }
        if note != nil, group == nil { throw ValidationError("--note goes with a report, e.g. wlog soreness legs 4 --note \"stairs hurt\"") }
    }

    func run() throws {
        let context = try Context.resolve()
        let state: WlogState
        let zone: Zone
        if let group, let soreness = rating.flatMap(Rating.init) {
            let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { _ in
                .record(SorenessRecorded(group: group.rawValue, soreness: soreness, note: note))
            }
            (state, zone) = (outcome.state, outcome.zone)
        } else {
            let loaded = try JournalSession(context: context).load()
            (state, zone) = (loaded.state, loaded.zone)
        }
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
