import WlogCore
import WlogStore

/// Seed 004's workouts and sets as Realtime tables in schema `treoir`: each row the JSON the
/// Treoir API answers for it (`ListedWorkout`, `SetModel`), a set's with the `workoutId` and
/// `exerciseId` it sits under (its path in the API), so a binding can filter on them.
enum TreoirRows {
    /// The lifter's workouts as `GET /api/v1/workouts` lists them.
    static let workouts = RealtimeTable(schema: "treoir", name: "workouts", declaredColumns: nil) { view, now in
        let context = view.queryContext(now: now)
        return view.historyItems(HistoryFilter(limit: Int(Int32.max)), context: context) { summary in
            var json = JSONWriter(capacity: 512)
            ListedWorkout.of(summary, view: view).writeJSON(to: &json)
            return RealtimeTable.Row(key: APIID.text(summary.key), json: json.bytes)
        }.items
    }

    /// The lifter's live sets as the set routes answer them. `orderIndex` is the set's position
    /// among its exercise's live sets in its workout (`WlogState.positionInWorkout`), counted in
    /// one pass here rather than asked per set.
    static let sets = RealtimeTable(schema: "treoir", name: "sets", declaredColumns: nil) { view, _ in
        struct Slot: Hashable { let workout: WorkoutKey; let exercise: String }
        var positions: [Slot: Int] = [:]
        return view.state.liveSets.map { set in
            let workout = WorkoutKey(of: set)
            let slot = Slot(workout: workout, exercise: set.exercise)
            let position = positions[slot, default: 0]
            positions[slot] = position + 1
            var model = JSONWriter(capacity: 320)
            SetModel(set, orderIndex: position).writeJSON(to: &model)
            var json = JSONWriter(capacity: 400)
            json.beginObject()
            json.key(text: "workoutId"); json.string(APIID.text(workout))
            json.key(text: "exerciseId"); json.string(set.exercise)
            let id = APIID.text(set.id)
            // The model's members follow the path's two (its object without the opening brace).
            var bytes = json.bytes
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: model.bytes.dropFirst())
            return RealtimeTable.Row(key: id, json: bytes)
        }
    }
}
