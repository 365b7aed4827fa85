import ArgumentParser
import WlogCore

/// `wlog bodyweight`: statistics, goal, trend and the entries with their 7-day average.
struct BodyweightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodyweight", abstract: "Body weight: stats, goal, trend, entries with 7-day average.",
        discussion: """
            Start is the first entry by date, current the latest; the 7-day average of an entry is the \
            mean of the entries of its local day and the six days before, up to it. The trend is the \
            change of that average over the last 28 days, and whether it goes toward the goal. \
            --format csv|jsonl: the entries (entry_id, date, at, weight, unit, avg7, notes — the columns of \
            wlog export bodyweight), oldest first. --format json: one object with the stats and the \
            entries under "entries".
            """)

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let unit = loaded.unit
        let stats = loaded.state.bodyweightStats(context: loaded.query)
        let rows = BodyweightRows.rows(stats.entries, unit: unit)
        switch context.format {
        case .csv, .jsonl:
            Printer.write(ReadOutput.render(rows, format: context.format))
        case .json:
            var summary = Rows(columns: Self.summaryColumns)
            summary.append(Self.summaryCells(stats, unit: unit))
            Printer.write(ReadOutput.object(ReadOutput.fields(summary) + [("entries", ReadOutput.array(rows, multiline: true))]) + "\n")
        case .table:
            guard !stats.entries.isEmpty || stats.goal != nil else {
                printError("wlog: no body weight yet — record one with wlog append bodyweight 82.4")
                return
            }
            var pairs: [(String, String)] = []
            if let current = stats.current {
                pairs.append(("current", current.weight.formatted(in: unit) + "  " + current.at.localDay.iso))
            }
            if let starting = stats.starting, stats.entries.count > 1 {
                pairs.append(("start", starting.weight.formatted(in: unit) + "  " + starting.at.localDay.iso))
            }
            if let change = stats.change, stats.entries.count > 1 { pairs.append(("change", Self.signed(change, unit: unit))) }
            if let goal = stats.goal {
                pairs.append(("goal", goal.formatted(in: unit) + (stats.toGoal.map { "  (" + Self.toGoalText($0, unit: unit) + ")" } ?? "")))
            }
            pairs.append(("trend", Self.trendText(stats.trend, unit: unit)))
            var text = FieldsText.render(pairs)
            if !stats.entries.isEmpty {
                var table = Rows(columns: ["id", "date", "weight", "avg7", "notes"])
                for point in stats.entries.reversed() {
                    table.append([
                        .text(point.entry.id.short), .text(point.day.iso), .mass(point.entry.weight, in: unit),
                        .mass(point.average7, in: unit), .optional(point.entry.notes),
                    ])
                }
                text += "\n" + TableText.render(table, headers: ["Entry", "Date", "Weight " + unit.rawValue, "7-day avg", "Notes"])
            }
            Printer.write(text)
        }
    }

    static let summaryColumns = [
        "unit", "entry_count", "current", "current_date", "starting", "starting_date", "change", "goal", "to_goal", "trend",
        "trend_change",
    ]

    static func summaryCells(_ stats: BodyweightStats, unit: MassUnit) -> [Cell] {
        let (trend, change): (String, Mass?)
        switch stats.trend {
        case .notEnoughData: (trend, change) = ("not_enough_data", nil)
        case .noGoal(let c): (trend, change) = ("no_goal", c)
        case .towardGoal(let c): (trend, change) = ("toward_goal", c)
        case .awayFromGoal(let c): (trend, change) = ("away_from_goal", c)
        }
        return [
            .text(unit.rawValue), .int(Int64(stats.entries.count)), .mass(stats.current?.weight, in: unit),
            .optional(stats.current?.at.localDay.iso), .mass(stats.starting?.weight, in: unit),
            .optional(stats.starting?.at.localDay.iso), .mass(stats.change, in: unit), .mass(stats.goal, in: unit),
            .mass(stats.toGoal, in: unit), .text(trend), .mass(change, in: unit),
        ]
    }

    /// `+1.2 kg`, `-0.8 kg`, `0 kg`.
    static func signed(_ mass: Mass, unit: MassUnit) -> String {
        (mass.tenThousandths > 0 ? "+" : "") + mass.formatted(in: unit)
    }

    /// `2.4 kg to lose`, `1 kg to gain`, `at the goal`.
    static func toGoalText(_ mass: Mass, unit: MassUnit) -> String {
        if mass.tenThousandths == 0 { return "at the goal" }
        let size = Mass(tenThousandths: abs(mass.tenThousandths), unit: mass.unit)
        return size.formatted(in: unit) + (mass.tenThousandths < 0 ? " to lose" : " to gain")
    }

    static func trendText(_ trend: BodyweightTrend, unit: MassUnit) -> String {
        switch trend {
        case .notEnoughData: return "not enough data (fewer than 2 entries in the last 28 days)"
        case .noGoal(let change): return signed(change, unit: unit) + " over the last 28 days (7-day average)"
        case .towardGoal(let change): return signed(change, unit: unit) + " over the last 28 days, toward the goal"
        case .awayFromGoal(let change): return signed(change, unit: unit) + " over the last 28 days, away from the goal"
        }
    }
}
