import Testing
@testable import WlogCore

/// Snapshot codes of event types are fixed (issue 19): what an older snapshot holds keeps its meaning
/// when a type is added, wherever its case is put.
@Suite struct EventTypeSnapshotCodeTests {
    /// The codes as they were fixed; none changes. A new type takes a number no type has
    /// (`everyCodeIsItsTypesAlone`), so it needs no line here.
    static let fixed: [String: UInt8] = [
        "profile.updated": 0, "settings.changed": 1, "exercise.created": 2, "exercise.updated": 3, "exercise.retired": 4,
        "equipment.added": 5, "equipment.updated": 6, "equipment.removed": 7, "routine.created": 8, "routine.updated": 9,
        "routine.retired": 10, "workout.started": 11, "workout.exercise.added": 12, "workout.exercise.removed": 13,
        "workout.exercises.reordered": 14, "set.logged": 15, "set.edited": 16, "set.deleted": 17, "workout.finished": 18,
        "workout.discarded": 19, "bodyweight.recorded": 20, "bodyweight.edited": 21, "bodyweight.deleted": 22, "goal.set": 23,
        "readiness.recorded": 24,
    ]

    @Test func everyFixedCodeIsKept() {
        for (name, code) in Self.fixed { #expect(EventType(rawValue: name)?.snapshotCode == code, "\(name)") }
    }

    @Test func everyCodeIsItsTypesAlone() {
        let codes = EventType.allCases.map(\.snapshotCode)
        #expect(Set(codes).count == codes.count)
        for type in EventType.allCases { #expect(EventType(snapshotCode: type.snapshotCode) == type) }
        #expect(EventType(snapshotCode: 255) == nil)
    }
}
