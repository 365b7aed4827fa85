import ArgumentParser
import WlogCore

/// `wlog coach`: deterministic suggestions with the numbers behind them — double progression,
/// plateaus, deload, red flags — and the training-load trend; `--scores` for DOTS and IPF GL.
struct CoachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coach", abstract: "Suggestions with their reasons, training load, and powerlifting scores.",
        discussion: """
            Rules (docs/COACH.md): double progression for the exercises of the active routine; plateau \
            = no e1RM PR in the last 3 sessions spanning ≥ 3 weeks; deload = plateaus on 2+ lifts or \
            ≥ 5 weeks since a lighter week; red flags = 2 pain reports or 3 sessions with mobility ≤ 2 \
            within 14 days. Session load = session RPE × minutes (Foster); acute : chronic = mean daily \
            load over 7 ÷ 28 days (and exponentially weighted), from the first session on; weekly \
            monotony and strain (Foster): a description of the trend, not an injury predictor. \
            --load: only the load figures (columns day, acute, chronic, ratio, ewma_acute, ewma_chronic, \
            ewma_ratio, week_load, monotony, strain); --format json gives {"suggestions": […], "load": […], "effort": {…}} \
            (the effort ratings' weekly means, trend and correlation with e1RM, docs/COACH.md). \
            --scores: DOTS and IPF GL of your best squat, bench and deadlift at your latest body weight \
            (the profile's sex picks the constants; its equipment, raw or single-ply, the IPF GL and IPF \
            points ones: wlog append profile --equipment single-ply). \
            --format csv|json|jsonl: columns kind, exercise, message (with --scores: one record).
            """)

    @Flag(help: "Only the powerlifting scores (DOTS, IPF GL, Wilks, IPF points).") var scores = false
    @Flag(help: "Only the training-load figures.") var load = false

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let query = loaded.query
        if scores {
            try printScores(loaded.state.lifterScores(context: query), unit: loaded.unit, format: context.format)
            return
        }
        if load {
            let figures = loaded.state.trainingLoad(context: query)
            guard context.format == .table else { return Printer.emit(LoadRows.rows(figures), format: context.format) }
            return Printer.write(LoadRows.text(figures))
        }
        let report = loaded.state.coachReport(context: query)
        let effort = loaded.state.effortPattern(context: query)
        guard context.format == .table else {
            var rows = Rows(columns: ["kind", "exercise", "message"])
            for s in report.suggestions { rows.append([.text(s.kind.rawValue), .optional(s.exercise), .text(s.message)]) }
            guard context.format == .json else { return Printer.emit(rows, format: context.format) }
            return Printer.write(ReadOutput.object([("suggestions", ReadOutput.array(rows, multiline: false)),
                                                    ("load", ReadOutput.array(LoadRows.rows(report.load), multiline: false)),
                                                    ("effort", EffortRows.json(effort))]) + "\n")
        }
        var text = "Suggestions\n"
        if report.suggestions.isEmpty { text += "  nothing to change: keep following the plan\n" }
        for s in report.suggestions {
            let tag: String
            switch s.kind {
            case .redFlag: tag = "⚠ red flag"
            case .recovery: tag = "recovery"
            case .deload: tag = "deload"
            case .plateau: tag = "plateau"
            case .progression: tag = "progress"
            }
            text += "  " + tag + String(repeating: " ", count: max(1, 11 - TableText.width(tag)))
                + (s.exercise.map { $0 + ": " } ?? "") + s.message + "\n"
        }
        text += "\n" + LoadRows.text(report.load) + EffortRows.text(effort)
        Printer.write(text)
    }

    func fixed(_ value: Double, _ digits: Int) -> Cell { LoadRows.fixed(value, digits) }

    func printScores(_ s: LifterScores, unit: MassUnit, format: OutputFormat) throws {
        var rows = Rows(columns: ["squat", "bench", "deadlift", "total", "unit", "bodyweight", "sex", "dots", "ipf_gl", "bench_ipf_gl",
                                  "wilks", "wilks_2020", "ipf_points", "estimated_total", "equipment"])
        let points = [s.dots, s.ipfGL, s.benchIPFGL, s.wilks, s.wilks2020, s.ipfPoints].map { $0.map { fixed($0, 2) } ?? .null }
        rows.append([.mass(s.squat?.weight, in: unit), .mass(s.bench?.weight, in: unit), .mass(s.deadlift?.weight, in: unit),
                     .mass(s.total, in: unit), .text(unit.rawValue), .mass(s.bodyweight?.weight, in: unit),
                     .optional(s.sex?.rawValue)] + points + [.mass(s.estimatedTotal, in: unit), .text(s.equipment.rawValue)])
        guard format == .table else {
            Printer.emit(rows, format: format)
            return
        }
        var lines = ""
        for (name, lift) in [("Squat", s.squat), ("Bench", s.bench), ("Deadlift", s.deadlift)] {
            lines += name.padding(9) + (lift.map { $0.weight.formatted(in: unit) + " × \($0.reps)  " + $0.exercise + "  " + $0.day.iso }
                ?? "no single yet") + "\n"
        }
        lines += "Total".padding(9) + (s.total.map { $0.formatted(in: unit) + "  (best singles)" }
            ?? "needs a single of squat, bench and deadlift") + "\n"
        if let estimate = s.estimatedTotal {
            lines += "e1RM".padding(9) + estimate.formatted(in: unit) + "  (an estimate from the best e1RMs; not scored)\n"
        }
        lines += "Body wt".padding(9) + (s.bodyweight.map { $0.weight.formatted(in: unit) + "  " + $0.at.localDay.iso }
            ?? "none yet (wlog append bodyweight 80kg)") + "\n"
        if s.sex == nil { lines += "Scores need your sex for the constants: wlog append profile --sex male|female\n" }
        if let dots = s.dots { lines += "DOTS".padding(9) + fixed(dots, 2).plain + "\n" }
        let division = s.equipment == .raw ? "classic" : "equipped (single-ply)"
        if let gl = s.ipfGL { lines += "IPF GL".padding(9) + fixed(gl, 2).plain + "  (" + division + " powerlifting)\n" }
        if let gl = s.benchIPFGL { lines += "IPF GL".padding(9) + fixed(gl, 2).plain + "  (" + division + " bench only)\n" }
        if let wilks = s.wilks { lines += "Wilks".padding(9) + fixed(wilks, 2).plain + "  (original)\n" }
        if let wilks = s.wilks2020 { lines += "Wilks".padding(9) + fixed(wilks, 2).plain + "  (2020)\n" }
        if let points = s.ipfPoints { lines += "IPF pts".padding(9) + fixed(points, 2).plain + "  (2019, " + division + " powerlifting)\n" }
        if s.total != nil, s.sex != nil, let bw = s.bodyweight, s.dots == nil {
            lines += "No score under 40 kg of body weight (\(bw.weight.formatted(in: unit))): the formulas are not published there\n"
        }
        Printer.write(lines)
    }
}

private extension String {
    /// The text padded with spaces to `width` columns.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
