import WlogCore
import WlogStore

/// `/workouts/:id`: one workout's exercises and sets with the records they set; 404 for an id
/// this lifter has no live workout under (another lifter's included).
enum WorkoutPage {
    static func render(_ view: LifterView, key: WorkoutKey, now: Instant) throws -> String {
        let state = view.state, unit = view.unit
        guard let summary = view.workoutSummary(key, context: view.queryContext(now: now)) else {
            throw APIError.notFound("workout " + APIID.text(key))
        }
        var body = "<h1>" + HTML.escape(summary.name ?? summary.label) + "</h1>"
        body += "<p class=\"meta\"><time datetime=\"\(summary.day.iso)\">\(summary.day.iso)</time>"
        if let started = summary.started { body += " · " + WebFormat.time(started) }
        if let duration = summary.durationMilliseconds { body += " · " + DurationText.short(duration) }
        if summary.isInProgress { body += " · <span class=\"badge live\">in progress</span>" }
        body += "</p>" + HistoryPage.card(summary, state: state, unit: unit)
        for note in summary.notes { body += "<p class=\"note\">" + HTML.escape(note) + "</p>" }
        let records = Dictionary(summary.prs.map { ($0.set, $0.records) }, uniquingKeysWith: { $0 + $1 })
        for entry in WorkoutModel.exerciseOrder(summary) {
            let exercise = state.exerciseOrStandIn(entry.id)
            body += "<section class=\"exercise\"><h2><a href=\"/exercises/\(HTML.pathSegment(exercise.id))\">"
                + HTML.escape(exercise.name) + "</a></h2>"
            if let notes = entry.notes { body += "<p class=\"note\">" + HTML.escape(notes) + "</p>" }
            body += setList(entry.sets, kind: exercise.kind, unit: unit, records: records)
            body += "</section>"
        }
        return WebLayout.page(title: summary.name ?? summary.label, section: .history, body: body)
    }

    /// The sets as an ordered list, each with its records flagged and its note.
    static func setList(_ sets: [LoggedSet], kind: ExerciseKind, unit: MassUnit, records: [EventID: [RecordKind]]) -> String {
        guard !sets.isEmpty else { return "<p class=\"empty\">No sets yet.</p>" }
        var out = "<ol class=\"sets\">"
        for set in sets {
            out += "<li data-set-id=\"\(APIID.text(set.id))\"" + (set.setType == .warmup ? " class=\"warmup\"" : "") + ">"
            out += "<span class=\"set\">" + HTML.escape(WebFormat.set(set, kind: kind, unit: unit)) + "</span>"
            if set.setType == .warmup { out += " <span class=\"badge\">warm-up</span>" }
            if let kinds = records[set.id], !kinds.isEmpty {
                out += " <strong class=\"badge pr\">PR " + kinds.map(WebFormat.recordName).joined(separator: ", ") + "</strong>"
            }
            if let notes = set.notes { out += " <span class=\"note\">" + HTML.escape(notes) + "</span>" }
            out += "</li>"
        }
        return out + "</ol>"
    }
}
