import ArgumentParser
import WlogCore

/// `wlog audit [ID]`: every version of a set, workout or body-weight entry with who and when; or
/// the journal's recent events.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Every version of a set, workout or body-weight entry (or the recent events) with who and when.",
        discussion: """
            With ID (a set, workout or body-weight entry id, 4 or more hex digits): every event about it, \
            oldest first — logged, each edit with what it changed (reps 5 → 6), the deletion. Without ID:
            the latest --limit events (default 20), oldest first. \
            Events are in stamp order (recorded_at, then event id), the same on every replica. \
            Columns of csv/json/jsonl: event_id, type, actor, recorded_at, occurred_at, subject, change. \
            recorded_at is when the event was recorded (in the display zone); occurred_at when it \
            happened.
            """)

    @Argument(help: "A set, workout or body-weight entry id (prefix of 4+ hex digits).") var id: String?
    @Option(help: "Without ID: how many recent events (default 20).") var limit: Int = 20

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
        let context = try Context.resolve()
        let session = JournalSession(context: context)
        let loaded = try session.load()
        let state = loaded.state
        var heading: String
        var events: [Event]
        if let id {
            let ref = try EntityRef.resolve(id, in: state, bodyweight: true)
            let target: EventID
            var firstSeq: UInt64 = 1
            switch ref {
            case .set(let setID):
                target = setID
                firstSeq = state.versions(of: setID).first?.seq ?? 1
                let set = state.set(setID)
                let name = set.map { SetLine(state: state, unit: loaded.unit).exerciseName($0) } ?? ""
                let versions = state.versions(of: setID).count
                heading = "set " + setID.short + "  " + name + "  ·  \(versions) version" + (versions == 1 ? "" : "s")
                    + (set?.isDeleted == true ? "  ·  deleted" : "")
            case .workout(let workoutID):
                target = workoutID
                firstSeq = state.workout(workoutID)?.seq ?? 1
                heading = "workout " + workoutID.short + (state.workout(workoutID)?.name.map { "  " + $0 } ?? "")
                    + (state.workout(workoutID)?.isDiscarded == true ? "  ·  discarded" : "")
            case .bodyweight(let entryID):
                target = entryID
                firstSeq = state.bodyweight(entryID)?.seq ?? 1
                heading = "body-weight entry " + entryID.short + (state.bodyweight(entryID)?.isDeleted == true ? "  ·  deleted" : "")
            case .day(let day):
                throw WlogError.refused("the workout of day:\(day.iso) has no events of its own — audit one of its sets (wlog show day:\(day.iso))")
            }
            events = StampOrder.sorted(try session.events(in: state, after: firstSeq - 1) { AuditRows.concerns($0, id: target) },
                                            first: target)
        } else {
            // The latest `limit` events by stamp, the same on every replica (read from the
            // journal's tail when it decides them).
            events = try state.stampOrder.latest(limit, lastSeq: state.lastSeq) { try session.events(in: state, after: $0) }
            heading = "last \(events.count) of \(state.eventCount) events"
        }
        let rows = AuditRows.rows(events, state: state, unit: loaded.unit, zone: loaded.zone)
        guard context.format == .table else {
            Printer.emit(rows, format: context.format)
            return
        }
        // Room for the change: the actor column only when actors differ, the year only when years do.
        let times = events.map { $0.envelope.recorded.zoned(loaded.zone).shortLocalText }
        let actors = Set(events.map(\.envelope.actor))
        let years = Set(times.map { $0.prefix(4) })
        let showActor = actors.count > 1
        let showYear = years.count > 1
        if !showActor, let actor = actors.first { heading += "  ·  by " + actor }
        var table = Rows(columns: ["event", "recorded"] + (showActor ? ["actor"] : []) + ["type", "change"])
        for (index, cells) in rows.rows.enumerated() {
            // Without ID, what an edit, delete or finish is about (a new set or entry is its own id).
            let subject = cells[5].plain, about = id == nil && !subject.isEmpty && subject != cells[0].plain
            let change = (about ? String(subject.prefix(8)) + "  " : "") + cells[6].plain
            table.append([.text(String(cells[0].plain.prefix(8))), .text(showYear ? times[index] : String(times[index].dropFirst(5)))]
                + (showActor ? [cells[2]] : []) + [cells[1], .text(change)])
        }
        let headers = ["Id", showYear ? "Recorded" : "When " + (years.first.map(String.init) ?? "")]
            + (showActor ? ["Actor"] : []) + ["Event", "Change"]
        Printer.write(heading + "\n" + TableText.render(TableFit.fit(table, column: headers.count - 1, headers: headers), headers: headers))
    }
}
