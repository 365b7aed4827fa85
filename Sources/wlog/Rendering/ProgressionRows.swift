import WlogCore

/// The "Progression" of `wlog exercise` (seed 001's progressive-overload tracking): jumps, the
/// days between them, and the volume of four weeks against the four before (`ProgressionTrend`).
enum ProgressionRows {
    /// Kilograms in the display unit (`Mass.converted`), 2 decimals.
    static func kilograms(_ value: Double, in unit: MassUnit) -> Cell {
        .mass(Mass(tenThousandths: Int64((value * 10_000).rounded()), unit: .kg), in: unit)
    }

    static func jumps(_ trend: ProgressionTrend, unit: MassUnit) -> Rows {
        var rows = Rows(columns: ["date", "load", "previous", "unit", "days_since_previous"])
        for jump in trend.jumps {
            rows.append([.day(jump.day), .mass(jump.load, in: unit), .mass(jump.previous, in: unit), .text(unit.rawValue),
                         .optional(jump.daysSincePrevious)])
        }
        return rows
    }

    static func periods(_ trend: ProgressionTrend, unit: MassUnit) -> Rows {
        var rows = Rows(columns: ["period", "sets", "mean_weight", "mean_reps", "volume", "unit"])
        for (name, period) in [("last 4 weeks", trend.recent), ("4 weeks before", trend.before)] {
            rows.append([.text(name), .int(Int64(period.sets)), kilograms(period.meanKilograms, in: unit),
                         .fixed(Int64((period.meanReps * 10_000).rounded()), digits: 2), kilograms(period.volumeKilograms, in: unit),
                         .text(unit.rawValue)])
        }
        return rows
    }

    /// The JSON object of `--format json`.
    static func json(_ trend: ProgressionTrend, unit: MassUnit) -> String {
        ReadOutput.object([
            ("jumps", ReadOutput.array(jumps(trend, unit: unit), multiline: false)),
            ("mean_days_between_jumps", trend.meanDaysBetweenJumps.map { Chart.text(($0 * 10).rounded() / 10) } ?? "null"),
            ("days_since_last_jump", trend.daysSinceLastJump.map(String.init) ?? "null"),
            ("volume", ReadOutput.array(periods(trend, unit: unit), multiline: false)),
        ])
    }

    /// The table text's section.
    static func text(_ trend: ProgressionTrend, unit: MassUnit) -> String {
        var text = "\nProgression\n"
        if trend.jumps.isEmpty {
            text += "  no jump yet: the heaviest working set has not gone up" + (trend.daysSinceLastJump.map { " in \($0) days" } ?? "") + "\n"
        } else {
            let shown = trend.jumps.suffix(5).map { jump in
                jump.day.iso + " " + jump.previous.formatted(in: unit) + " → " + jump.load.formatted(in: unit)
                    + (jump.daysSincePrevious.map { " (\($0) d)" } ?? "")
            }
            text += "  jumps  \(trend.jumps.count)" + (trend.jumps.count > 5 ? ", the last 5:" : ":") + "\n"
            text += shown.map { "    " + $0 + "\n" }.joined()
            var summary: [String] = []
            if let mean = trend.meanDaysBetweenJumps { summary.append("every " + Chart.text((mean * 10).rounded() / 10) + " days on average") }
            if let since = trend.daysSinceLastJump { summary.append("last \(since) days ago") }
            text += "  " + summary.joined(separator: ", ") + "\n"
        }
        if let r = trend.ratios {
            func change(_ ratio: Double) -> String {
                let percent = ((ratio - 1) * 1000).rounded() / 10
                return (percent >= 0 ? "+" : "") + Chart.text(percent) + " %"
            }
            text += "  volume, last 4 weeks vs the 4 before: " + change(r.volume) + " — sets " + change(r.sets)
                + ", weight " + change(r.weight) + ", reps " + change(r.reps) + "\n"
        }
        return text
    }
}
