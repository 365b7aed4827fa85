import WlogCore
import WlogStore

/// A workout as `GET /workouts` lists it (`WorkoutModel` without exercises), with its JSON
/// written once: the store keeps it beside its workout catalog (`LifterView.historyItems`) while
/// the lifter's state stays the same, so a page asked again copies each item's bytes.
struct ListedWorkout: JSONWritable, Sendable {
    let model: WorkoutModel
    /// The model's JSON; nil when it holds a number JSON cannot (the answer then goes through
    /// `JSONEncoder`, which refuses it, as for any model).
    let json: [UInt8]?

    init(_ model: WorkoutModel) {
        self.model = model
        var writer = JSONWriter(capacity: 512)
        model.writeJSON(to: &writer)
        json = writer.isRepresentable ? writer.bytes : nil
    }

    /// The list item of `summary` in the state `view` shows.
    static func of(_ summary: WorkoutSummary, view: LifterView) -> ListedWorkout {
        ListedWorkout(WorkoutModel(summary, record: summary.id.flatMap { view.state.workout($0) }, withExercises: false))
    }

    func encode(to encoder: any Encoder) throws { try model.encode(to: encoder) }

    func writeJSON(to json: inout JSONWriter) {
        if let bytes = self.json { json.raw(bytes) } else { model.writeJSON(to: &json) }
    }
}
