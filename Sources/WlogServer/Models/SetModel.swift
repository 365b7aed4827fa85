import WlogCore

/// A set as seed 004's `ExerciseSet` (§6): weights in kg whatever unit it was logged in.
@JSONObject
struct SetModel {
    var id: String
    var orderIndex: Int
    @Nullable var reps: Int?
    @Nullable var weightKg: Double?
    /// RPE as §6's `int? rpe`: the whole number (`WholeRPE`).
    @Nullable var rpe: Int?
    /// The RPE recorded, 1–10 in half steps.
    @Nullable var rpeExact: Double?
    var setType: String
    var isCompleted: Bool
    @Nullable var completedAt: String?
    @Nullable var durationSeconds: Double?
    @Nullable var distanceMeters: Double?
    @Nullable var notes: String?

    init(_ set: LoggedSet, orderIndex: Int) {
        id = APIID.text(set.id)
        self.orderIndex = orderIndex
        reps = set.reps
        weightKg = set.weight?.kilograms
        let effort = WholeRPE(set.rpe)
        rpe = effort?.whole
        rpeExact = effort?.exact
        setType = set.setType.rawValue
        isCompleted = set.done
        // Null until the set is done (a planned set); then when it was done.
        completedAt = set.done ? String(apiInstant: set.performed.instant) : nil
        durationSeconds = set.durationMilliseconds.map { Double($0) / 1000 }
        distanceMeters = set.distance?.metres
        notes = set.notes
    }
}
