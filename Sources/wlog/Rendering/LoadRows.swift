import WlogCore

/// The training-load figures of `coach` (`TrainingLoad`) as rows and as text.
enum LoadRows {
    static let columns = ["day", "acute", "chronic", "ratio", "ewma_acute", "ewma_chronic", "ewma_ratio", "week_load", "monotony",
                          "strain", "uncoupled_chronic", "uncoupled_ratio"]

    /// One row per trend point (oldest first), values rounded to 2 decimals.
    static func rows(_ load: TrainingLoad) -> Rows {
        var rows = Rows(columns: columns)
        for p in load.trend {
            rows.append([.text(p.day.iso)] + [p.acute, p.chronic, p.ratio, p.ewmaAcute, p.ewmaChronic, p.ewmaRatio, p.weekLoad,
                                              p.monotony, p.strain, p.uncoupledChronic, p.uncoupledRatio].map { $0.map { fixed($0, 2) } ?? .null })
        }
        return rows
    }

    /// The table `coach` prints under its suggestions.
    static func text(_ load: TrainingLoad) -> String {
        guard !load.trend.isEmpty else {
            return "Training load: no finished session with a session RPE yet (wlog append workout finish --session-rpe 7)\n"
        }
        var text = "Training load (session RPE × minutes per day, since your first session)\n"
        var table = Rows(columns: ["Day", "Acute", "Chronic", "A:C", "A:C unc.", "EWMA A:C", "Week", "Monotony", "Strain"])
        for p in load.trend {
            table.append([.text(p.day.iso), fixed(p.acute, 1), fixed(p.chronic, 1), p.ratio.map { fixed($0, 2) } ?? .null,
                          p.uncoupledRatio.map { fixed($0, 2) } ?? .null,
                          p.ewmaRatio.map { fixed($0, 2) } ?? .null, fixed(p.weekLoad, 0), p.monotony.map { fixed($0, 2) } ?? .null,
                          p.strain.map { fixed($0, 0) } ?? .null])
        }
        text += TableText.render(table)
        text += "Acute/chronic: mean daily load over 7 ÷ 28 days; uncoupled: ÷ the 21 days before the 7;\n"
        text += "EWMA: exponentially weighted (λ 2/8, 2/29).\n"
        text += "Monotony = mean ÷ SD of the week's daily load; strain = week load × monotony (Foster).\n"
        text += "A trend to read, not an injury predictor.\n"
        return text
    }

    /// `value` rounded to `digits` decimals as a fixed cell.
    static func fixed(_ value: Double, _ digits: Int) -> Cell {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return .fixed(Int64(((value * scale).rounded() / scale * 10_000).rounded()), digits: digits)
    }
}
