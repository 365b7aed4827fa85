import ArgumentParser
import WlogCore

/// `wlog balance`: weekly hard sets per muscle group against the target zone, days since each
/// group was trained, stale groups, and the push : pull ratio over 4 weeks.
struct BalanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance", abstract: "Muscle balance: weekly hard sets per group, stale groups, push : pull.",
        discussion: """
            Hard sets: qualifying sets, 1 for the primary group and 0.5 for each secondary. Sets/wk is \
            the mean over the last --weeks weeks (fewer for a lifter who started more recently), judged \
            against the zone (default 10–20). A group trained before but not for more than 5 days is \
            stale. Push : pull compares sets of push-pattern and pull-pattern exercises over the same \
            weeks; outside 0.67–1.5 it is flagged. --format csv|json|jsonl: columns group, weekly_sets, \
            last7_sets, zone, last_trained, days_since, alert; the last row (group "push:pull") has the \
            ratio in weekly_sets. Timed sets (a plank) count as hard sets. --muscles: the same per fine \
            muscle (a hard set counts 1 for every muscle its exercise lists), columns muscle, group, \
            weekly_sets, last7_sets, last_trained, days_since, alert; the table lists a fine muscle \
            trained before but not for more than 5 days as "Hamstrings not trained in 6 days".
            """)

    @Option(help: "Bottom of the target zone, in weekly hard sets.") var low = 10
    @Option(help: "Top of the target zone, in weekly hard sets.") var high = 20
    @Option(help: "Weeks to average over and to compare push with pull.") var weeks = 4
    @Flag(help: "Per fine muscle (quads, hamstrings, lats, front delts …) instead of per group.") var muscles = false

    func validate() throws {
        guard low >= 0, high >= low else { throw ValidationError("--low \(low) --high \(high): give 0 ≤ low ≤ high, e.g. --low 10 --high 20") }
        guard (1...52).contains(weeks) else { throw ValidationError("--weeks \(weeks) must be 1 to 52") }
    }

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let query = loaded.query
        let report = loaded.state.muscleBalance(MuscleBalance.Options(low: low, high: high, weeks: weeks), context: query)
        if muscles { return printMuscles(report, format: context.format) }
        var rows = Rows(columns: ["group", "weekly_sets", "last7_sets", "zone", "last_trained", "days_since", "alert"])
        for g in report.groups {
            rows.append([.text(g.group.rawValue), .fixed(Int64((g.weeklyAverage * 10_000).rounded()), digits: 2),
                         .fixed(Int64(g.lastSevenDaysHalfSets) * 5_000, digits: 1), .text(g.zone.rawValue),
                         .optional(g.lastTrained?.iso), .optional(g.daysSince), .bool(g.isStale)])
        }
        let ratioZone = report.pushPullRatio.map { $0 < report.options.ratioLow ? "below" : $0 > report.options.ratioHigh ? "above" : "within" }
        rows.append([.text("push:pull"), report.pushPullRatio.map { .fixed(Int64(($0 * 10_000).rounded()), digits: 2) } ?? .null,
                     .null, .optional(ratioZone), .null, .null, .bool(report.ratioAlert)])
        guard context.format == .table else {
            Printer.emit(rows, format: context.format)
            return
        }
        var table = Rows(columns: ["Group", "Sets/wk", "Last 7 d", "Zone \(low)–\(high)", "Last trained", "Days", ""])
        for g in report.groups {
            table.append([.text(g.group.rawValue), .fixed(Int64((g.weeklyAverage * 10_000).rounded()), digits: 1),
                          .fixed(Int64(g.lastSevenDaysHalfSets) * 5_000, digits: 1), .text(g.zone.rawValue),
                          .text(g.lastTrained?.iso ?? "never"), g.daysSince.map { .int(Int64($0)) } ?? .null,
                          .text(g.isStale ? "stale: not trained for \(g.daysSince ?? 0) days" : "")])
        }
        var text = TableText.render(table)
        let span = report.weeksCounted == 1 ? "1 week" : "\(report.weeksCounted) weeks"
        text += "\nSets/wk: mean over the last " + span + "\n"
        text += "Push : pull  \(report.pushSets) : \(report.pullSets) sets over \(weeks) weeks"
        if let ratio = report.pushPullRatio { text += " = " + Chart.text((ratio * 100).rounded() / 100) }
        if report.ratioAlert {
            text += "  ⚠ outside " + Chart.text(report.options.ratioLow) + "–" + Chart.text(report.options.ratioHigh)
                + (report.pushSets > report.pullSets ? ": add pulling (rows, pull-ups, face pulls)" : ": add pressing")
        }
        for alert in report.muscles.compactMap(\.alert) { text += "\n⚠ " + alert }
        Printer.write(text + "\n")
    }

    /// `--muscles`: one line per fine muscle.
    func printMuscles(_ report: MuscleBalance, format: OutputFormat) {
        let header = format == .table ? ["Muscle", "Group", "Sets/wk", "Last 7 d", "Last trained", "Days", ""]
            : ["muscle", "group", "weekly_sets", "last7_sets", "last_trained", "days_since", "alert"]
        var rows = Rows(columns: header)
        for m in report.muscles {
            rows.append([.text(format == .table ? m.muscle.name : m.muscle.rawValue), .text(m.muscle.group.rawValue),
                         .fixed(Int64((m.weeklyAverage * 10_000).rounded()), digits: format == .table ? 1 : 2),
                         .int(Int64(m.lastSevenDaysSets)),
                         format == .table ? .text(m.lastTrained?.iso ?? "never") : .optional(m.lastTrained?.iso),
                         .optional(m.daysSince),
                         format == .table ? .text(m.isStale ? "stale: not trained for \(m.daysSince ?? 0) days" : "") : .bool(m.isStale)])
        }
        guard format == .table else { return Printer.emit(rows, format: format) }
        Printer.write(TableText.render(rows) + "\nSets/wk: mean over the last " + (report.weeksCounted == 1 ? "1 week" : "\(report.weeksCounted) weeks") + "\n")
    }
}
