import Testing
@testable import WlogCore

@Suite("E1RMFormula")
struct E1RMFormulaTests {
    /// |a − b| ≤ tolerance, for optional results.
    func close(_ value: Double?, _ expected: Double, _ tolerance: Double = 1e-4) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= tolerance
    }

    @Test func epleyPublishedValues() {
        // 100 × (1 + 9/30) = 130; 120 × (1 + 2/30) = 128
        #expect(close(E1RMFormula.epley.estimate(weight: 100, reps: 9), 130))
        #expect(close(E1RMFormula.epley.estimate(weight: 120, reps: 2), 128))
        #expect(E1RMFormula.epley.estimate(weight: Mass.kg(100), reps: 9) == Mass.kg(130))
    }

    @Test func brzyckiPublishedValuesAndPole() {
        // 100 × 36 / 27 = 133.333…
        #expect(close(E1RMFormula.brzycki.estimate(weight: 100, reps: 10), 133.33, 0.01))
        // Published as valid to 10 reps: beyond, no estimate even with the cap raised (the pole
        // at 37 reps is never reached).
        #expect(E1RMFormula.brzycki.estimate(weight: 100, reps: 11, maxReps: 50) == nil)
        #expect(E1RMFormula.brzycki.estimate(weight: 100, reps: 36, maxReps: 50) == nil)
        #expect(E1RMFormula.brzycki.estimate(weight: 100, reps: 37, maxReps: 50) == nil)
    }

    @Test func epleyEqualsBrzyckiAtTenReps() {
        for weight in [60.0, 100, 142.5] {
            let epley = E1RMFormula.epley.estimate(weight: weight, reps: 10)
            let brzycki = E1RMFormula.brzycki.estimate(weight: weight, reps: 10)
            #expect(close(epley, weight * 4 / 3, 1e-9))
            #expect(close(brzycki, weight * 4 / 3, 1e-9))
        }
    }

    @Test(arguments: E1RMFormula.allCases.filter { $0 != .rpe && $0 != .brzyckiRIR })
    func aSingleEstimatesItsOwnWeight(formula: E1RMFormula) {
        #expect(formula.estimate(weight: 142.5, reps: 1) == 142.5)
        #expect(formula.estimate(weight: 142.5, reps: 1, rpe: 8) == 142.5)
        #expect(formula.estimate(weight: Mass.lb(315), reps: 1, rpe: RPE(9)) == Mass.lb(315))
    }

    /// Under `rpe` a single is the weight itself only where no RPE below 10 says otherwise: the RTS
    /// chart puts a single @8 (effective 3 reps) at 92.2 % and @9 (effective 2) at 95.5 %.
    @Test func underRPEASingleBelowRPE10IsNotAMax() {
        #expect(close(E1RMFormula.rpe.estimate(weight: 142.5, reps: 1, rpe: 8), 142.5 / 0.922))  // 154.5553
        #expect(E1RMFormula.rpe.estimate(weight: Mass.lb(315), reps: 1, rpe: RPE(9)) == Mass(tenThousandths: 3_298_429, unit: .lb))
        #expect(E1RMFormula.rpe.estimate(weight: 142.5, reps: 1, rpe: 10) == 142.5)
        #expect(E1RMFormula.rpe.estimate(weight: 142.5, reps: 1) == 142.5)
    }

    @Test func rpeUsesTheRTSDiagonal() {
        // 5 reps @ 8 → effective reps 7 → 0.811; 100 / 0.811 = 123.3046
        #expect(close(E1RMFormula.rpe.estimate(weight: 100, reps: 5, rpe: 8), 123.30, 0.01))
        #expect(E1RMFormula.rpe.estimate(weight: Mass.kg(100), reps: 5, rpe: RPE(8)) == Mass(tenThousandths: 1_233_046, unit: .kg))
        // 3 @ 9 and 4 @ 10 are the same diagonal cell (effective 4 → 0.892): 100 / 0.892 = 112.1076
        #expect(close(E1RMFormula.rpe.estimate(weight: 100, reps: 3, rpe: 9), 112.1076))
        #expect(close(E1RMFormula.rpe.estimate(weight: 100, reps: 4, rpe: 10), 112.1076))
        // half RPE: 2 @ 9.5 → effective 2.5 → 0.939
        #expect(close(E1RMFormula.rpe.estimate(weight: 93.9, reps: 2, rpe: 9.5), 100))
        #expect(E1RMFormula.rpe.estimate(weight: 100, reps: 5, rpe: nil) == nil)
        // 12 @ 6 → effective 16 → 0.572 (last cell); 12 @ 5 → 17: beyond the chart
        #expect(close(E1RMFormula.rpe.estimate(weight: 57.2, reps: 12, rpe: 6), 100))
        #expect(E1RMFormula.rpe.estimate(weight: 100, reps: 12, rpe: 5) == nil)
    }

    @Test func rtsChartMatchesPublishedCells() {
        // rpe_chart.csv: RPE 10 row reps 1, 5, 10, 12; RPE 8 reps 5; RPE 6.5 reps 1 and 12
        #expect(RTSChart.fraction(reps: 1, rpe: 10) == 1.000)
        #expect(RTSChart.fraction(reps: 5, rpe: 10) == 0.863)
        #expect(RTSChart.fraction(reps: 10, rpe: 10) == 0.739)
        #expect(RTSChart.fraction(reps: 12, rpe: 10) == 0.680)
        #expect(RTSChart.fraction(reps: 5, rpe: 8) == 0.811)
        #expect(RTSChart.fraction(reps: 1, rpe: 6.5) == 0.878)
        #expect(RTSChart.fraction(reps: 12, rpe: 6.5) == 0.586)
        #expect(RTSChart.fraction(reps: 11, rpe: 9.5) == 0.694)
        #expect(RTSChart.fraction(reps: 5, rpe: 8.25) == nil)
        #expect(RTSChart.diagonal.count == 31)
    }

    @Test func noEstimateAboveMaxReps() {
        for formula in E1RMFormula.allCases {
            #expect(formula.estimate(weight: 100, reps: 13, rpe: 10) == nil, "the default cap is 12")
        }
        #expect(E1RMFormula.epley.estimate(weight: 100, reps: 6, maxReps: 5) == nil)
    }

    /// Each formula has its own published rep range: the linear family to 10 reps, Mayhew,
    /// Wathen and Lombardi to 20, `rpe` to the chart's end (16 effective reps).
    @Test func eachFormulaHasItsOwnValidRepRange() {
        #expect(E1RMFormula.allCases.map(\.validReps) == [10, 10, 10, 20, 20, 10, 20, 16, 10, 10])
        for formula in [E1RMFormula.epley, .brzycki, .lander, .oconner] {
            #expect(formula.estimate(weight: 100, reps: 10) != nil)
            #expect(formula.estimate(weight: 100, reps: 11, maxReps: 50) == nil, "\(formula)")
        }
        // Mayhew at 15 with the cap raised: 10000 / (52.2 + 41.9·e^−0.825 = 70.5604) = 141.7192
        #expect(close(E1RMFormula.mayhew.estimate(weight: 100, reps: 15, maxReps: 20), 141.7192))
        #expect(E1RMFormula.mayhew.estimate(weight: 100, reps: 15) == nil, "the lifter's cap (12) still applies")
        #expect(E1RMFormula.wathen.estimate(weight: 100, reps: 21, maxReps: 50) == nil)
        #expect(close(E1RMFormula.lombardi.estimate(weight: 100, reps: 20, maxReps: 50), 134.9283))  // 100 · 20^0.1
    }

    @Test func noEstimateWithoutRepsOrLoad() {
        #expect(E1RMFormula.epley.estimate(weight: 100, reps: 0) == nil)
        #expect(E1RMFormula.epley.estimate(weight: 0, reps: 5) == nil)
        #expect(E1RMFormula.epley.estimate(weight: Mass.zero(.kg), reps: 5) == nil)
    }

    @Test func otherFormulasAtHandComputedPoints() {
        // Lander: 10000 / (101.3 − 2.67123·5 = 87.94385) = 113.7089; at 10: 10000 / 74.5877 = 134.0704
        #expect(close(E1RMFormula.lander.estimate(weight: 100, reps: 5), 113.7089))
        #expect(close(E1RMFormula.lander.estimate(weight: 100, reps: 10), 134.0704))
        // Lombardi: 100 · 10^0.1 = 125.8925; 100 · 5^0.1 = 117.4619
        #expect(close(E1RMFormula.lombardi.estimate(weight: 100, reps: 10), 125.8925))
        #expect(close(E1RMFormula.lombardi.estimate(weight: 100, reps: 5), 117.4619))
        // Mayhew: 10000 / (52.2 + 41.9·e^−0.55 = 76.3748) = 130.9343; at 5: 10000 / 84.0261 = 119.0107
        #expect(close(E1RMFormula.mayhew.estimate(weight: 100, reps: 10), 130.9343))
        #expect(close(E1RMFormula.mayhew.estimate(weight: 100, reps: 5), 119.0107))
        // O'Conner: 100 · (1 + 10/40) = 125; 80 · (1 + 5/40) = 90
        #expect(close(E1RMFormula.oconner.estimate(weight: 100, reps: 10), 125))
        #expect(close(E1RMFormula.oconner.estimate(weight: 80, reps: 5), 90))
        // Wathen: 10000 / (48.8 + 53.8·e^−0.75 = 74.2140) = 134.7467; at 5: 10000 / 85.7757 = 116.5825
        #expect(close(E1RMFormula.wathen.estimate(weight: 100, reps: 10), 134.7467))
        #expect(close(E1RMFormula.wathen.estimate(weight: 100, reps: 5), 116.5825))
    }

    @Test func massEstimateKeepsTheUnit() {
        // 225 lb × 5 Epley: 225 · 7/6 = 262.5 lb
        #expect(E1RMFormula.epley.estimate(weight: Mass.lb(225), reps: 5) == Mass(tenThousandths: 2_625_000, unit: .lb))
        #expect(E1RMFormula.epley.estimate(weight: Mass.lb(225), reps: 5)?.unit == .lb)
    }

    @Test func parsesNames() {
        #expect(E1RMFormula(parsing: "Epley") == .epley)
        #expect(E1RMFormula(parsing: "O'Conner") == .oconner)
        #expect(E1RMFormula(parsing: "oconnor") == .oconner)
        #expect(E1RMFormula(parsing: "nope") == nil)
    }

    /// `Settings.chosenE1RMFormula` takes an exact raw value before parsing: sound only while
    /// every raw value parses to its own formula.
    @Test func everyRawValueParsesToItsOwnFormula() {
        for formula in E1RMFormula.allCases {
            #expect(E1RMFormula(parsing: formula.rawValue) == formula, "\(formula.rawValue)")
            var settings = Settings()
            settings.e1rmFormula = formula.rawValue
            #expect(settings.chosenE1RMFormula == formula)
        }
        var settings = Settings()
        settings.e1rmFormula = "O'Connor"
        #expect(settings.chosenE1RMFormula == .oconner)
        settings.e1rmFormula = "nope"
        #expect(settings.chosenE1RMFormula == .epley)
    }
}
