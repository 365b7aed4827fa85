import WlogCore
import WlogStore

/// Seed 000's `body_weight_logs`: the lifter's body-weight entries (`bodyweight.recorded`,
/// `.edited`, `.deleted`), weight in lb. `created_at` is the entry's date (the engine keeps no
/// separate recording time for an entry).
struct PlatesBodyWeightLogs: RESTTable {
    let name = "body_weight_logs"
    let columns = [
        RESTColumn(name: "id", type: .uuid, notNull: true),
        RESTColumn(name: "user_id", type: .uuid),
        RESTColumn(name: "weight", type: .numeric, notNull: true),
        RESTColumn(name: "date", type: .timestamptz),
        RESTColumn(name: "notes", type: .text),
        RESTColumn(name: "created_at", type: .timestamptz, derived: true),
    ]
    let uniqueKeys = [["id"]]
    let references: [String: String] = [:]

    func rows(_ source: RESTSource) -> [RESTRow] {
        guard let view = source.view else { return [] }
        return view.state.bodyweightEntries.map { entry in
            [
                "id": PlatesValues.uuid(entry.id),
                "user_id": .text(view.lifter.uuid),
                "weight": PlatesValues.pounds(entry.weight),
                "date": .time(entry.at),
                "notes": entry.notes.map { .text($0) } ?? .null,
                "created_at": .time(entry.at),
            ]
        }
    }

    func insert(_ row: RESTRow, _ writer: inout RESTWriter) throws -> String {
        if let id = row["id"]?.text, let event = APIID.event(id), writer.view.state.contains(eventID: event) {
            throw RESTError.unique(["id"], id, table: name)
        }
        guard let weight = PlatesValues.mass(row["weight"]) else { throw RESTError.notNull("weight", table: name) }
        let events = try writer.decide(.recordBodyweight(weight: weight, at: PlatesValues.zoned(row["date"], view: writer.view),
                                                         notes: row["notes"]?.text))
        guard let first = events.first else { throw RESTError.check("the body weight was not recorded", table: name) }
        return APIID.text(first.id)
    }

    func update(_ old: RESTRow, _ new: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws {
        guard let text = old["id"]?.text, let id = APIID.event(text) else { return }
        var edit = BodyweightEdited(entry: id)
        if patch["weight"] != nil {
            guard let weight = PlatesValues.mass(new["weight"]) else { throw RESTError.notNull("weight", table: name) }
            if new["weight"] != old["weight"] { edit.weight = weight }
        }
        if patch["date"] != nil, new["date"] != old["date"] { edit.at = PlatesValues.zoned(new["date"], view: writer.view) }
        if patch["notes"] != nil, new["notes"] != old["notes"] { edit.notes = new["notes"]?.text ?? "" }
        guard edit != BodyweightEdited(entry: id) else { return }
        try writer.decide(.editBodyweight(edit))
    }

    func delete(_ old: RESTRow, _ writer: inout RESTWriter) throws {
        guard let text = old["id"]?.text, let id = APIID.event(text) else { return }
        try writer.decide(.deleteBodyweight(id))
    }
}
