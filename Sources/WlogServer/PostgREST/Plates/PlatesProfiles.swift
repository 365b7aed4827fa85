import WlogCore
import WlogStore

/// Seed 000's `user_profiles`: one row per lifter once their stream holds a profile fact (a
/// body weight, a goal or a profile change). `current_weight` is the body-weight entry recorded
/// last (as the app sets it right after adding a log, whatever the log's date), `goal_weight` the
/// goal, both in lb. Setting `current_weight` to another value records a body
/// weight now; `goal_weight` is `goal.set`. The row is a projection: it is not deleted.
struct PlatesProfiles: RESTTable {
    let name = "user_profiles"
    let columns = [
        RESTColumn(name: "id", type: .uuid, notNull: true, derived: true),
        RESTColumn(name: "user_id", type: .uuid),
        RESTColumn(name: "current_weight", type: .numeric),
        RESTColumn(name: "goal_weight", type: .numeric),
        RESTColumn(name: "created_at", type: .timestamptz, derived: true),
        RESTColumn(name: "updated_at", type: .timestamptz, derived: true),
    ]
    let uniqueKeys = [["id"], ["user_id"]]
    let references: [String: String] = [:]

    func rows(_ source: RESTSource) -> [RESTRow] {
        guard let view = source.view else { return [] }
        let state = view.state
        let latest = state.bodyweightEntries.max { $0.seq < $1.seq }
        guard latest != nil || state.goal != nil || state.profile != Profile() else { return [] }
        return [[
            "id": .text(PlatesValues.profileID(view.lifter)),
            "user_id": .text(view.lifter.uuid),
            "current_weight": PlatesValues.pounds(latest?.weight),
            "goal_weight": PlatesValues.pounds(state.goal),
            "created_at": .null,
            "updated_at": .null,
        ]]
    }

    func insert(_ row: RESTRow, _ writer: inout RESTWriter) throws -> String {
        if !rows(writer.source).isEmpty { throw RESTError.unique(["user_id"], writer.view.lifter.uuid, table: name) }
        try record(current: row["current_weight"], goal: row["goal_weight"], old: nil, &writer)
        if writer.events.isEmpty {
            // A profile with neither weight: the lifter's unit, as Plates shows it (lb), marks it.
            try writer.decide(.updateProfile(ProfileUpdated(unit: .lb)))
        }
        return PlatesValues.profileID(writer.view.lifter)
    }

    func update(_ old: RESTRow, _ new: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws {
        try record(current: patch["current_weight"].map { _ in new["current_weight"] ?? .null },
                   goal: patch["goal_weight"].map { _ in new["goal_weight"] ?? .null }, old: old, &writer)
    }

    func delete(_ old: RESTRow, _ writer: inout RESTWriter) throws {
        throw RESTError.unsupported("deleting a profile row", hint: "it is a projection of the body-weight and goal events: delete those")
    }

    private func record(current: RESTValue?, goal: RESTValue?, old: RESTRow?, _ writer: inout RESTWriter) throws(RESTError) {
        if let current, current != old?["current_weight"] {
            guard let weight = PlatesValues.mass(current) else {
                throw .unsupported("clearing current_weight", hint: "it is the latest body_weight_logs row: delete that row")
            }
            try writer.decide(.recordBodyweight(weight: weight, at: nil, notes: nil))
        }
        if let goal, goal != old?["goal_weight"] {
            try writer.decide(.setGoal(PlatesValues.mass(goal)))
        }
    }
}
