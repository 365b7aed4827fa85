import WlogCore
import WlogStore

/// `/monitor`, for a screen in the gym (seed 004 §7): the workout in progress — elapsed time,
/// the current exercise with its previous performance, the sets so far with today's records
/// flagged, the rest timer since the last set. The server renders the fragment; `monitor.js`
/// swaps in each new one from `/monitor/events` and ticks the two clocks.
///
/// The workout shown: the latest open session, else today's implicit workout (sets logged
/// without a session), else nothing in progress.
enum MonitorPage {
    static func render(_ view: LifterView, now: Instant) -> String {
        let body = "<h1 class=\"visually-hidden\">Monitor</h1>"
            + "<div id=\"live\" aria-live=\"polite\">" + fragment(view, now: now) + "</div>"
            + "<p id=\"link\" class=\"link\" data-state=\"connecting\">live</p>"
        return WebLayout.page(title: "Monitor", section: .monitor, body: body, bodyClass: "monitor", scripts: ["/web/monitor.js"])
    }

    /// The part that changes: `data-seq` is the lifter's last event sequence it shows.
    static func fragment(_ view: LifterView, now: Instant) -> String {
        let state = view.state, unit = view.unit, query = view.queryContext(now: now)
        var out = "<div class=\"fragment\" data-seq=\"\(state.lastSeq)\" data-now=\"\(now.millisecondsSince1970)\">"
        let key: WorkoutKey? = state.openWorkouts.first.map { .explicit($0.id) }
            ?? (view.workoutSummary(.implicit(query.today), context: query) != nil ? .implicit(query.today) : nil)
        guard let key, let summary = view.workoutSummary(key, context: query) else {
            return out + "<p class=\"idle\">No workout in progress.</p></div>"
        }
        let ordered = WorkoutModel.exerciseOrder(summary)
        let allSets = ordered.flatMap(\.sets)
        let lastSet = allSets.max { LoggedSet.historyOrder($0, $1) }
        out += "<header class=\"workout-head\"><h2>" + HTML.escape(summary.name ?? summary.label) + "</h2>"
        if let started = summary.started {
            out += "<p class=\"clock-line\">Elapsed <span class=\"clock\" id=\"elapsed\" data-since=\"\(started.instant.millisecondsSince1970)\">"
                + DurationText.clock(max(0, now.millisecondsSince1970 - started.instant.millisecondsSince1970)) + "</span></p>"
        }
        out += "</header>"
        if let currentID = lastSet?.exercise ?? ordered.first?.id {
            let exercise = state.exerciseOrStandIn(currentID)
            let card = ExerciseCard(exercise: exercise, sets: state.liveSets.filter { $0.exercise == exercise.id }, now: now,
                                    offsetMinutes: query.offsetMinutes)
            out += "<section class=\"current\" aria-label=\"Current exercise\"><p class=\"current-name\">"
                + HTML.escape(exercise.name) + "</p>"
            if let first = card.previousPerformance.first {
                out += "<p class=\"previous\">Last time (<time datetime=\"\(first.performed.localDay.iso)\">"
                    + first.performed.localDay.iso + "</time>): " + HTML.escape(card.previousPerformanceText) + "</p>"
            } else {
                out += "<p class=\"previous\">First time</p>"
            }
            out += "</section>"
        }
        if let lastSet {
            out += "<p class=\"clock-line rest\">Rest <span class=\"clock\" id=\"rest\" data-since=\"\(lastSet.performed.instant.millisecondsSince1970)\">"
                + DurationText.clock(max(0, now.millisecondsSince1970 - lastSet.performed.instant.millisecondsSince1970))
                + "</span></p>"
        }
        let records = Dictionary(summary.prs.map { ($0.set, $0.records) }, uniquingKeysWith: { $0 + $1 })
        let recordCount = summary.prs.reduce(0) { $0 + $1.records.count }
        out += "<p class=\"totals\"><span class=\"set-count\" data-count=\"\(summary.setCount)\">\(summary.setCount) set\(summary.setCount == 1 ? "" : "s")</span> · "
            + "<span class=\"volume\">" + WebFormat.mass(summary.volume, in: unit) + "</span>"
            + (recordCount > 0 ? " · <strong class=\"badge pr\">\(recordCount) PR\(recordCount == 1 ? "" : "s") today</strong>" : "")
            + "</p><div class=\"so-far\">"
        for entry in ordered.reversed() where !entry.sets.isEmpty {
            let exercise = state.exerciseOrStandIn(entry.id)
            out += "<section class=\"exercise\"><h3>" + HTML.escape(exercise.name) + "</h3>"
                + WorkoutPage.setList(entry.sets, kind: exercise.kind, unit: unit, records: records) + "</section>"
        }
        return out + "</div></div>"
    }
}
