import WlogCore
import WlogStore

/// `/history`: the lifter's weekly volume (the engine's `volumeChart`), then workouts newest
/// first grouped by local day, each with its label, sets, volume and records, 20 a page.
enum HistoryPage {
    static let pageSize = 20

    static func render(_ view: LifterView, now: Instant, page: Int) -> String {
        let state = view.state, query = view.queryContext(now: now), unit = view.unit
        let history = view.history(HistoryFilter(limit: pageSize, offset: (page - 1) * pageSize), context: query)
        var body = "<h1>History</h1>"
        body += HTML.chart(state.volumeChart(context: query), id: "volume-chart")
        if history.total == 0 { body += "<p class=\"empty\">No workouts yet. Log a set and it shows here.</p>" }
        for day in history.days {
            body += "<section class=\"day\" aria-labelledby=\"day-\(day.day.iso)\"><h2 id=\"day-\(day.day.iso)\">"
                + "<time datetime=\"\(day.day.iso)\">\(day.day.iso)</time></h2>"
            for workout in day.workouts { body += card(workout, state: state, unit: unit) }
            body += "</section>"
        }
        let pages = max(1, (history.total + pageSize - 1) / pageSize)
        if pages > 1 {
            body += "<nav class=\"pager\" aria-label=\"History pages\">"
            if page > 1 { body += "<a rel=\"prev\" href=\"/history?page=\(page - 1)\">Newer</a>" }
            body += "<span>Page \(page) of \(pages)</span>"
            if page < pages { body += "<a rel=\"next\" href=\"/history?page=\(page + 1)\">Older</a>" }
            body += "</nav>"
        }
        return WebLayout.page(title: "History", section: .history, body: body)
    }

    /// One workout's card: title (name, else label), start time, numbers, records.
    static func card(_ workout: WorkoutSummary, state: WlogState, unit: MassUnit) -> String {
        let id = APIID.text(workout.key)
        let title = workout.name ?? workout.label
        var out = "<article class=\"workout\" data-workout-id=\"\(HTML.escape(id))\">"
        out += "<h3><a href=\"/workouts/\(HTML.pathSegment(id))\">" + HTML.escape(title) + "</a>"
        if workout.name != nil { out += " <span class=\"label\">" + HTML.escape(workout.label) + "</span>" }
        if workout.isInProgress { out += " <span class=\"badge live\">in progress</span>" }
        out += "</h3><dl class=\"numbers\">"
        if let started = workout.started { out += "<div><dt>Started</dt><dd>" + WebFormat.time(started) + "</dd></div>" }
        if let duration = workout.durationMilliseconds {
            out += "<div><dt>Duration</dt><dd>" + DurationText.short(duration) + "</dd></div>"
        }
        out += "<div><dt>Sets</dt><dd class=\"sets\">\(workout.setCount)</dd></div>"
        out += "<div><dt>Reps</dt><dd class=\"reps\">\(workout.reps)</dd></div>"
        out += "<div><dt>Volume</dt><dd class=\"volume\" data-kg=\"\(Chart.text(workout.volume.kilograms))\">"
            + WebFormat.mass(workout.volume, in: unit) + "</dd></div>"
        let prCount = workout.prs.reduce(0) { $0 + $1.records.count }
        out += "<div><dt>Records</dt><dd class=\"prs\">\(prCount)</dd></div></dl>"
        let names = workout.exercises.map { HTML.escape($0.exercise.name) }
        if !names.isEmpty { out += "<p class=\"exercises\">" + names.joined(separator: " · ") + "</p>" }
        return out + "</article>"
    }
}
