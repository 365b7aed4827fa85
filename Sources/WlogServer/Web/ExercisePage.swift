import WlogCore
import WlogStore

/// `/exercises` (every exercise with records) and `/exercises/:id?reps=N`: the exercise's
/// record table, seed 000's rep filter (the record for N reps and the best weight per day of
/// sets of at least N reps), and its e1RM and per-session volume charts drawn by the engine's
/// `SVGChart`.
enum ExercisePage {
    static func list(_ view: LifterView, now: Instant) -> String {
        let state = view.state, unit = view.unit
        let all = state.everyExerciseRecords(repTargets: state.settings.prReps).filter { !$0.records.isEmpty }
        var body = "<h1>Exercises</h1>"
        if all.isEmpty { body += "<p class=\"empty\">No records yet.</p>" }
        body += "<ul class=\"exercise-list\">"
        for records in all.sorted(by: { $0.exercise.name < $1.exercise.name }) {
            let exercise = records.exercise
            let best = records.record(.e1rm) ?? records.record(.heaviest) ?? records.records.first
            body += "<li><a href=\"/exercises/\(HTML.pathSegment(exercise.id))\">" + HTML.escape(exercise.name) + "</a>"
            if let best {
                body += " <span class=\"muted\">" + WebFormat.recordName(best.kind) + " "
                    + HTML.escape(WebFormat.record(best.value, unit: unit)) + "</span>"
            }
            body += "</li>"
        }
        return WebLayout.page(title: "Exercises", section: .exercises, body: body + "</ul>")
    }

    static func render(_ view: LifterView, exercise: Exercise, reps chosen: Int?, now: Instant) -> String {
        let state = view.state, unit = view.unit, query = view.queryContext(now: now)
        let sets = state.liveSets.filter { $0.exercise == exercise.id }
        let records = state.personalRecords(of: exercise, sets: sets, repTargets: state.settings.prReps)
        let reps = chosen ?? exercise.prReps
        var body = "<h1>" + HTML.escape(exercise.name) + "</h1>"
        if let note = exercise.pinnedNote { body += "<p class=\"note\">" + HTML.escape(note) + "</p>" }
        if exercise.kind.isStrengthLike {
            body += repFilter(exercise, reps: reps, targets: state.settings.prReps, records: records, unit: unit)
        }
        body += recordTable(records, now: now, unit: unit)
        if exercise.kind.isStrengthLike {
            body += HTML.chart(state.e1rmChart(exercise: exercise, context: query), id: "e1rm-chart")
            body += HTML.chart(bestWeightChart(exercise, sets: sets, reps: reps, query: query), id: "rep-chart")
            body += HTML.chart(volumeChart(exercise, sets: sets, query: query), id: "volume-chart")
        }
        return WebLayout.page(title: exercise.name, section: .exercises, body: body)
    }

    /// The rep filter: one link per rep target, and the record for the chosen count.
    static func repFilter(_ exercise: Exercise, reps: Int, targets: [Int], records: PersonalRecords, unit: MassUnit) -> String {
        var out = "<nav class=\"rep-filter\" aria-label=\"Rep filter\"><ul>"
        for target in Array(Set(targets + [reps])).sorted() {
            let current = target == reps ? " aria-current=\"true\"" : ""
            out += "<li><a href=\"/exercises/\(HTML.pathSegment(exercise.id))?reps=\(target)\"\(current)>\(target)RM</a></li>"
        }
        out += "</ul></nav><p class=\"big-pr\" data-reps=\"\(reps)\">"
        if let record = records.record(.repMax(reps)) {
            out += "<span class=\"label\">\(reps)RM</span> <strong class=\"value\">" + HTML.escape(WebFormat.record(record.value, unit: unit))
                + "</strong> <time datetime=\"\(record.performed.localDay.iso)\">\(record.performed.localDay.iso)</time>"
        } else {
            out += "<span class=\"label\">\(reps)RM</span> <strong class=\"value\">—</strong> no set of \(reps) reps or more yet"
        }
        return out + "</p>"
    }

    /// Every record: what, the value, the set (weight × reps) and its date, NEW within 7 days.
    static func recordTable(_ records: PersonalRecords, now: Instant, unit: MassUnit) -> String {
        guard !records.records.isEmpty else { return "<p class=\"empty\">No records yet.</p>" }
        var out = "<table class=\"records\"><caption>Personal records</caption><thead><tr><th scope=\"col\">Record</th>"
            + "<th scope=\"col\">Value</th><th scope=\"col\">Set</th><th scope=\"col\">Date</th></tr></thead><tbody>"
        for record in records.records {
            let (value, valueUnit) = RecordModel.value(record.value)
            out += "<tr data-record=\"\(record.kind.name)\" data-value=\"\(Chart.text(value))\" data-unit=\"\(valueUnit)\">"
            out += "<th scope=\"row\">" + WebFormat.recordName(record.kind) + "</th>"
            out += "<td class=\"num\">" + HTML.escape(WebFormat.record(record.value, unit: unit)) + "</td><td>"
            if let weight = record.weight, let reps = record.reps {
                out += HTML.escape(weight.formatted(in: unit)) + " × \(reps)"
            } else if let reps = record.reps {
                out += "\(reps) reps"
            }
            out += "</td><td><time datetime=\"\(record.performed.localDay.iso)\">\(record.performed.localDay.iso)</time>"
            if record.isNew(now: now) { out += " <span class=\"badge pr\">NEW</span>" }
            out += "</td></tr>"
        }
        return out + "</tbody></table>"
    }

    /// Seed 000's progress chart: the heaviest weight per day among qualifying sets of at least `reps` reps.
    static func bestWeightChart(_ exercise: Exercise, sets: [LoggedSet], reps: Int, query: QueryContext) -> Chart {
        var best: [LocalDay: Mass] = [:]
        for set in sets where set.qualifies(for: exercise.kind) && (set.reps ?? 0) >= reps && set.performed.localDay <= query.today {
            guard let weight = set.weight else { continue }
            let day = set.performed.localDay
            if best[day].map({ $0 < weight }) ?? true { best[day] = weight }
        }
        let points = best.keys.sorted().compactMap { day in
            best[day].map { Chart.Point(day: day, value: chartValue($0.kilogramTenThousandths, query: query)) }
        }
        return Chart(title: "\(exercise.name), best weight for \(reps)+ reps", unit: query.unit.rawValue, points: points)
    }

    /// The exercise's volume per training day (the engine's `SetVolume` rule).
    static func volumeChart(_ exercise: Exercise, sets: [LoggedSet], query: QueryContext) -> Chart {
        var byDay: [LocalDay: Int64] = [:]
        for set in sets where set.performed.localDay <= query.today {
            guard let volume = SetVolume.kilogramTenThousandths(of: set, kind: exercise.kind) else { continue }
            byDay[set.performed.localDay, default: 0] += volume
        }
        let points = byDay.keys.sorted().compactMap { day in
            byDay[day].map { Chart.Point(day: day, value: chartValue($0, query: query)) }
        }
        return Chart(title: exercise.name + " volume per session", unit: query.unit.rawValue, points: points)
    }

    /// Kilogram ten-thousandths in the display unit, 2 decimals (as the engine's charts round).
    static func chartValue(_ kilogramTenThousandths: Int64, query: QueryContext) -> Double {
        let shown = query.mass(kilogramTenThousandths: kilogramTenThousandths)
        return (Double(shown.tenThousandths) / 100).rounded() / 100
    }
}
