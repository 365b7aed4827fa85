import Foundation
import Testing
@testable import WlogCore

/// Brzycki adjusted for reps in reserve (wger's `PersonalRecordChecker._estimate_one_rep_max`) and
/// the 102.78 form of Brzycki's equation (wger's `brzycki_one_rm`).
@Suite("Brzycki variants")
struct BrzyckiVariantsTests {
    func close(_ value: Double?, _ expected: Double, _ tolerance: Double = 1e-4) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= tolerance
    }

    /// wger's tests (wger/trophies/tests/test_checkers.py): 100 × 10 → 133.33; 100 × 10 with
    /// RIR 2 → 144.0 (= 100 · 36 / 25). Here RIR = 10 − RPE, so RIR 2 is RPE 8.
    @Test func rirAdjustedBrzyckiAsWgerComputesIt() {
        #expect(close(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 10), 133.33, 0.005))
        #expect(close(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 10, rpe: 8), 144.0, 1e-9))
        // 100 × 5 @9 (RIR 1): 100 · 36 / 31 = 116.1290; @10 is plain Brzycki: 36 / 32 → 112.5
        #expect(close(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 5, rpe: 9), 116.1290))
        #expect(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 5, rpe: 10) == E1RMFormula.brzycki.estimate(weight: 100, reps: 5))
        // A single with reps in reserve is no max: 140 × 1 @8 → 140 · 36 / 34 = 148.2353
        #expect(close(E1RMFormula.brzyckiRIR.estimate(weight: 140, reps: 1, rpe: 8), 148.2353))
        #expect(E1RMFormula.brzyckiRIR.estimate(weight: 140, reps: 1) == 140)
        // Its range bounds the reps done: 11 reps get none even with the cap raised.
        #expect(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 11, rpe: 10, maxReps: 50) == nil)
        #expect(E1RMFormula.brzyckiRIR.estimate(weight: Mass.kg(100), reps: 10, rpe: RPE(8)) == Mass.kg(144))
    }

    /// w / (1.0278 − 0.0278 r): wger's statistics test reads 10 kg × 5 as intensity 0.8888 of 1RM
    /// (1RM 11.2511 kg) and a single as 1.0; at 10 reps 100 / 0.7498 = 133.3689.
    @Test func brzycki10278Form() {
        #expect(close(E1RMFormula.brzycki10278.estimate(weight: 10, reps: 5).map { 10 / $0 }, 0.8888, 1e-9))
        #expect(close(E1RMFormula.brzycki10278.estimate(weight: 10, reps: 5), 11.2511))
        #expect(E1RMFormula.brzycki10278.estimate(weight: 10, reps: 1) == 10)
        #expect(close(E1RMFormula.brzycki10278.estimate(weight: 100, reps: 10), 133.3689))
        #expect(E1RMFormula.brzycki10278.estimate(weight: 100, reps: 11, maxReps: 50) == nil)
    }

    /// Values printed beside the formula, each to its printed digits:
    /// - calculators9.com's one-rep-max calculator: 150 kg × 5 → "150 ÷ 0.8888 = 168.8 kg";
    /// - gymnatural.nl, "Fact Friday #1": 120 kg × 4 → 131 kg;
    /// - pinoybodybuilding.com's 1RM thread (after weightrainer.net's coefficients page):
    ///   200 lb × 6 → 232 lb and 220 lb × 4 → 240 lb.
    @Test func brzycki10278AgainstPublishedExamples() {
        func printed(_ weight: Double, _ reps: Int, places: Int) -> Double? {
            E1RMFormula.brzycki10278.estimate(weight: weight, reps: reps).map { value in
                let scale = pow(10.0, Double(places))
                return (value * scale).rounded() / scale
            }
        }
        #expect(printed(150, 5, places: 1) == 168.8)
        #expect(printed(120, 4, places: 0) == 131)
        #expect(printed(200, 6, places: 0) == 232)
        #expect(printed(220, 4, places: 0) == 240)
    }

    /// With no reps in reserve the RIR form is Brzycki's own, whose printed examples it must give:
    /// kingofweighted.com's e1RM lecture and freeonlinecal.com both print 100 kg × 5 → 112.5 kg,
    /// beside wger's two (133.33 at 10 reps, 144.00 at 10 reps with RIR 2) above.
    @Test func rirAdjustedBrzyckiAtFailureAgainstPublishedExamples() {
        #expect(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 5, rpe: 10) == 112.5)
        #expect(E1RMFormula.brzyckiRIR.estimate(weight: 100, reps: 5) == 112.5)
    }

    @Test func namesParseAndNameTheirRange() {
        #expect(E1RMFormula(parsing: "brzycki-rir") == .brzyckiRIR)
        #expect(E1RMFormula(parsing: "Brzycki RIR") == .brzyckiRIR)
        #expect(E1RMFormula(parsing: "brzycki-102.78") == .brzycki10278)
        #expect(E1RMFormula(parsing: "brzycki") == .brzycki)
        #expect(E1RMFormula.epley.repLimit(maxReps: 12) == 10)
        #expect(E1RMFormula.mayhew.repLimit(maxReps: 12) == 12)
        #expect(E1RMFormula.epley.repLimit(maxReps: 6) == 6)
    }
}
