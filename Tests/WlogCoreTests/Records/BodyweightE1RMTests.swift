import Testing
@testable import WlogCore

/// The e1RM of a body-weight set stands on body weight + added load when a body weight is known
/// at the set, else on the added load alone, flagged (issue 18 item 13).
@Suite("Records: e1RM of body-weight sets")
struct BodyweightE1RMTests {
    typealias F = RecordsFixtures

    static func basis(_ weight: Mass?, _ kind: ExerciseKind, bodyweight: Mass?) -> E1RMBasis? {
        E1RMBasis.of(weight: weight, kind: kind, bodyweight: { bodyweight })
    }

    @Test func theBasisByKind() {
        #expect(Self.basis(F.kg(100), .strength, bodyweight: F.kg(80)) == E1RMBasis(load: F.kg(100), bodyweight: nil, addedOnly: false))
        #expect(Self.basis(F.kg(10), .bodyweight, bodyweight: F.kg(80)) == E1RMBasis(load: F.kg(90), bodyweight: F.kg(80), addedOnly: false))
        #expect(Self.basis(nil, .bodyweight, bodyweight: F.kg(80)) == E1RMBasis(load: F.kg(80), bodyweight: F.kg(80), addedOnly: false))
        #expect(Self.basis(F.kg(10), .bodyweight, bodyweight: nil) == E1RMBasis(load: F.kg(10), bodyweight: nil, addedOnly: true))
        #expect(Self.basis(nil, .bodyweight, bodyweight: nil) == nil)
        // 22.5 lb of added load on an 80 kg lifter: 10.2058 kg (1e-4 kg), summed in the body weight's unit.
        let plate = Mass(tenThousandths: 225_000, unit: .lb)
        #expect(Self.basis(plate, .bodyweight, bodyweight: F.kg(80))?.load == Mass(tenThousandths: 902_058, unit: .kg))
        #expect(Self.basis(F.kg(20), .assisted, bodyweight: F.kg(80)) == nil)
    }

    @Test func theTrendTakesTheLatestBodyWeightAtOrBeforeEachSet() {
        let pullUp = F.exercise("pull-up")
        let sets = [
            F.lift(1, "pull-up", day: 0, 20, 3),            // before any body weight: 20 × 1.1 = 22 (added only)
            F.lift(2, "pull-up", day: 2, 10, 5),            // at 80 kg: 90 × (1 + 5/30) = 105
            F.lift(3, "pull-up", day: 3, nil, 8),           // at 80 kg: 80 × (1 + 8/30) = 101.3333
            F.lift(4, "pull-up", day: 5, 5, 6),             // at 84 kg (day 4): 89 × 1.2 = 106.8
        ]
        let entries: [(Instant, Mass)] = [(F.at(day: 1, hour: 8), F.kg(80)), (F.at(day: 4, hour: 8), F.kg(84))]
        let trend = E1RMTrend(exercise: pullUp, sets: sets, formula: .epley, maxReps: 10,
                              bodyweight: { at in entries.last { $0.0 <= at }?.1 })
        #expect(trend.points.map(\.e1rm) == [F.kg(22), F.kg(105), F.kg(101.3333), F.kg(106.8)])
        #expect(trend.points.map(\.bodyweight) == [nil, F.kg(80), F.kg(80), F.kg(84)])
        #expect(trend.addedLoadOnly)
        #expect(trend.best?.set == F.id(4))
        // Without body weights only the loaded sets have an estimate, on their added load.
        let bare = E1RMTrend(exercise: pullUp, sets: sets, formula: .epley, maxReps: 10)
        #expect(bare.points.map(\.e1rm) == [F.kg(22), F.kg(11.6667), F.kg(6)])
        #expect(bare.addedLoadOnly)
    }
}
