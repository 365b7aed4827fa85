import Testing
@testable import WlogCore

@Suite("PowerliftingScore")
struct PowerliftingScoreTests {
    @Test func dotsMen() {
        // 700 · 500 / (A·80.5⁴ + B·80.5³ + C·80.5² + D·80.5 + E) = 350000 / 727.7750 = 480.9201
        let points = PowerliftingScore.dots(total: .kg(700), bodyWeight: .kg(80.5), sex: .male)
        #expect(abs(points - 480.92) <= 0.01)
    }

    @Test func dotsWomenAndPounds() {
        // 400 · 500 / denominator(60) = 443.4182
        let points = PowerliftingScore.dots(totalKilograms: 400, bodyWeightKilograms: 60, sex: .female)
        #expect(abs(points - 443.4182) <= 1e-3)
        // the same lifter in pounds: 700 kg = 1543.2358 lb, 80.5 kg = 177.4723 lb (to 1e-4 kg)
        let pounds = PowerliftingScore.dots(total: Mass.kg(700).converted(to: .lb), bodyWeight: Mass.kg(80.5).converted(to: .lb), sex: .male)
        #expect(abs(pounds - 480.92) <= 0.01)
    }

    @Test func dotsClampsBodyWeight() {
        // men clamp to 210 kg: 250 kg scores as 210 kg (1000 kg total → 495.6207)
        let heavy = PowerliftingScore.dots(totalKilograms: 1000, bodyWeightKilograms: 250, sex: .male)
        let clamped = PowerliftingScore.dots(totalKilograms: 1000, bodyWeightKilograms: 210, sex: .male)
        #expect(heavy == clamped)
        #expect(abs(heavy - 495.6207) <= 1e-3)
        #expect(PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 30, sex: .female)
            == PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 40, sex: .female))
        #expect(PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 170, sex: .female)
            == PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 150, sex: .female))
    }

    @Test func ipfGL() {
        // men classic: 70000 / (1199.72839 − 1025.18162·e^(−0.00921·80.5)) = 70000 / 711.2877 = 98.4132
        #expect(abs(PowerliftingScore.ipfGL(total: .kg(700), bodyWeight: .kg(80.5), sex: .male) - 98.4132) <= 1e-3)
        // women classic: 40000 / (610.32796 − 1045.59282·e^(−0.03048·60)) = 90.4161
        #expect(abs(PowerliftingScore.ipfGL(totalKilograms: 400, bodyWeightKilograms: 60, sex: .female) - 90.4161) <= 1e-3)
        // bench only: men 150 kg at 80.5 kg → 76.5399; women 80 kg at 60 kg → 68.7262
        #expect(abs(PowerliftingScore.ipfGL(totalKilograms: 150, bodyWeightKilograms: 80.5, sex: .male, event: .classicBench) - 76.5399) <= 1e-3)
        #expect(abs(PowerliftingScore.ipfGL(totalKilograms: 80, bodyWeightKilograms: 60, sex: .female, event: .classicBench) - 68.7262) <= 1e-3)
    }
}
