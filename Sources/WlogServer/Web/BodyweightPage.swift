import WlogCore
import WlogStore

/// `/bodyweight`: current, start, change, goal and the trend toward it (the engine's
/// `bodyweightStats`, the API's numbers), the weight and 7-day average charts with the goal
/// line, and every entry newest first.
enum BodyweightPage {
    static func render(_ view: LifterView, now: Instant) -> String {
        let state = view.state, unit = view.unit, query = view.queryContext(now: now)
        let stats = state.bodyweightStats(context: query)
        let trend = BodyweightModel(stats).trend
        var body = "<h1>Body weight</h1><dl class=\"numbers stats\" data-trend=\"\(trend)\">"
        func stat(_ name: String, _ key: String, _ mass: Mass?) {
            guard let mass else { return }
            body += "<div><dt>\(name)</dt><dd class=\"\(key)\" data-kg=\"\(Chart.text(mass.kilograms))\">"
                + WebFormat.mass(mass, in: unit) + "</dd></div>"
        }
        stat("Current", "current", stats.current?.weight)
        stat("Start", "starting", stats.starting?.weight)
        stat("Change", "change", stats.change)
        stat("Goal", "goal", stats.goal)
        stat("To goal", "to-goal", stats.toGoal)
        body += "<div><dt>Trend (28 days)</dt><dd class=\"trend\">" + trendText(stats.trend, unit: unit) + "</dd></div></dl>"
        body += HTML.chart(state.bodyweightChart(context: query), id: "bodyweight-chart")
        body += HTML.chart(averageChart(stats, query: query), id: "average-chart")
        guard !stats.entries.isEmpty else {
            return WebLayout.page(title: "Body weight", section: .bodyweight, body: body + "<p class=\"empty\">No entries yet.</p>")
        }
        body += "<table class=\"entries\"><caption>Entries</caption><thead><tr><th scope=\"col\">Date</th>"
            + "<th scope=\"col\">Weight</th><th scope=\"col\">7-day average</th><th scope=\"col\">Notes</th></tr></thead><tbody>"
        for point in stats.entries.reversed() {
            body += "<tr data-date=\"\(point.day.iso)\"><th scope=\"row\"><time datetime=\"\(point.day.iso)\">\(point.day.iso)</time></th>"
            body += "<td class=\"weight num\" data-kg=\"\(Chart.text(point.entry.weight.kilograms))\">"
                + WebFormat.mass(point.entry.weight, in: unit) + "</td>"
            body += "<td class=\"average num\" data-kg=\"\(Chart.text(point.average7.kilograms))\">"
                + WebFormat.mass(point.average7, in: unit) + "</td>"
            body += "<td>" + HTML.escape(point.entry.notes ?? "") + "</td></tr>"
        }
        body += "</tbody></table>"
        return WebLayout.page(title: "Body weight", section: .bodyweight, body: body)
    }

    static func trendText(_ trend: BodyweightTrend, unit: MassUnit) -> String {
        func signed(_ mass: Mass) -> String { (mass.tenThousandths > 0 ? "+" : "") + WebFormat.mass(mass, in: unit) }
        switch trend {
        case .notEnoughData: return "not enough data"
        case .noGoal(let change): return signed(change) + " (no goal set)"
        case .towardGoal(let change): return signed(change) + ", toward the goal"
        case .awayFromGoal(let change): return signed(change) + ", away from the goal"
        }
    }

    /// The 7-day average of each day's last entry, with the goal line.
    static func averageChart(_ stats: BodyweightStats, query: QueryContext) -> Chart {
        var byDay: [LocalDay: Mass] = [:]
        for point in stats.entries where point.day <= query.today { byDay[point.day] = point.average7 }
        let points = byDay.keys.sorted().compactMap { day in
            byDay[day].map { Chart.Point(day: day, value: ExercisePage.chartValue($0.kilogramTenThousandths, query: query)) }
        }
        return Chart(title: "Body weight, 7-day average", unit: query.unit.rawValue, points: points,
                     goal: stats.goal.map { ExercisePage.chartValue($0.kilogramTenThousandths, query: query) })
    }
}
