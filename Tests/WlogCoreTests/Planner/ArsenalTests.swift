import Testing
@testable import WlogCore

@Suite("Arsenal filters the library")
struct ArsenalTests {
    static func state(_ items: [EquipmentItem]) -> WlogState {
        var state = WlogState.initial
        for (index, item) in items.enumerated() {
            let envelope = Envelope(seq: UInt64(index + 1), id: EventID(high: 0xe9, low: UInt64(index)),
                                    occurred: ZonedInstant(Instant(millisecondsSince1970: 0), offsetMinutes: 0),
                                    recorded: Instant(millisecondsSince1970: 0))
            state.apply(Event(envelope: envelope, payload: .equipmentAdded(item)))
        }
        return state
    }

    @Test func noArsenalFiltersNothing() throws {
        let state = WlogState.initial
        #expect(state.availableEquipment == nil)
        let bench = try #require(state.exercise("bench-press"))
        #expect(state.canDo(bench))
    }

    @Test func homeDumbbellsAllowDumbbellAndBodyweightWork() throws {
        let state = Self.state([
            EquipmentItem(id: "db", name: "Dumbbells", type: .dumbbells, weights: [], location: .home),
            EquipmentItem(id: "bar", name: "Barbell", type: .barbell, location: .gym, available: false),
        ])
        #expect(state.availableEquipment == [.bodyweight, .none, .dumbbell])
        let library = state.exercises
        let doable = library.filter(state.canDo)
        #expect(doable.contains { $0.id == "dumbbell-curl" })
        #expect(doable.contains { $0.id == "pull-up" })
        #expect(!doable.contains { $0.id == "bench-press" })  // barbell, and the barbell is unavailable
        #expect(!doable.contains { $0.equipment == .machine || $0.equipment == .cable })
    }
}
