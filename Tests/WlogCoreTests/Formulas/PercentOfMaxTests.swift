import Testing
@testable import WlogCore

/// NSCA's reps → %1RM table (Baechle & Earle 2008, table 15.7) and the loads it gives.
@Suite("PercentOfMax")
struct PercentOfMaxTests {
    /// The printed table: 1 = 100 %, 2 = 95 %, 5 = 87 %, 8 = 80 %, 10 = 75 %, 12 = 67 %, 15 = 65 %.
    @Test func nscaPublishedValues() {
        let printed: [Int: Double] = [1: 1.00, 2: 0.95, 3: 0.93, 4: 0.90, 5: 0.87, 6: 0.85, 7: 0.83, 8: 0.80, 9: 0.77, 10: 0.75,
                                      11: 0.70, 12: 0.67, 15: 0.65]
        for (reps, fraction) in printed { #expect(PercentOfMax.fraction(reps: reps) == fraction, "\(reps) reps") }
        #expect(PercentOfMax.fraction(reps: 13) == nil && PercentOfMax.fraction(reps: 0) == nil)
        #expect(PercentOfMax.nsca.count == 13)
    }

    /// An e1RM of 140 kg: 5 reps → 121.8 → 122.5 kg; 10 → 105 kg; 12 → 93.8 → 95 kg. In pounds
    /// 315 lb: 8 reps → 252 → 250 lb.
    @Test func loadsForAnE1RM() {
        let table = PercentOfMax.table(e1rm: .kg(140))
        #expect(table.map(\.reps) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15])
        #expect(table[0].load == .kg(140))
        #expect(table[4].load == .kg(122.5))
        #expect(table[9].load == .kg(105))
        #expect(table[11].load == .kg(95))
        #expect(PercentOfMax.row(e1rm: .lb(315), reps: 8)?.load == .lb(250))
    }

    /// Reps at an RPE read the RTS chart: 5 @8 = effective 7 reps = 81.1 %; 140 kg → 113.54 → 112.5 kg.
    @Test func repsAtAnRPEReadTheRTSChart() {
        let row = PercentOfMax.row(e1rm: .kg(140), reps: 5, rpe: RPE(8))
        #expect(row?.fraction == 0.811)
        #expect(row?.load == .kg(112.5))
        #expect(PercentOfMax.row(e1rm: .kg(140), reps: 14, rpe: RPE(5)) == nil)
    }
}
