import Testing
@testable import WlogCore

@Suite("PowerliftingScore")
struct PowerliftingScoreTests {
    /// |a − b| ≤ tolerance, for optional results.
    func close(_ value: Double?, _ expected: Double, _ tolerance: Double = 1e-3) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= tolerance
    }

    @Test func dotsMen() {
        // 700 · 500 / (A·80.5⁴ + B·80.5³ + C·80.5² + D·80.5 + E) = 350000 / 727.7750 = 480.9201
        #expect(close(PowerliftingScore.dots(total: .kg(700), bodyWeight: .kg(80.5), sex: .male), 480.92, 0.01))
    }

    @Test func dotsWomenAndPounds() {
        // 400 · 500 / denominator(60) = 443.4182
        #expect(close(PowerliftingScore.dots(totalKilograms: 400, bodyWeightKilograms: 60, sex: .female), 443.4182))
        // the same lifter in pounds: 700 kg = 1543.2358 lb, 80.5 kg = 177.4723 lb (to 1e-4 kg)
        let pounds = PowerliftingScore.dots(total: Mass.kg(700).converted(to: .lb), bodyWeight: Mass.kg(80.5).converted(to: .lb), sex: .male)
        #expect(close(pounds, 480.92, 0.01))
    }

    @Test func dotsClampsAboveAndHasNoScoreBelowTheFloor() {
        // men clamp to 210 kg: 250 kg scores as 210 kg (1000 kg total → 495.6207)
        let heavy = PowerliftingScore.dots(totalKilograms: 1000, bodyWeightKilograms: 250, sex: .male)
        #expect(heavy == PowerliftingScore.dots(totalKilograms: 1000, bodyWeightKilograms: 210, sex: .male))
        #expect(close(heavy, 495.6207))
        #expect(PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 170, sex: .female)
            == PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 150, sex: .female))
        // Under 40 kg the formula is not published: no score (it used to score as 40 kg).
        #expect(PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 39.9, sex: .female) == nil)
        #expect(PowerliftingScore.dots(totalKilograms: 300, bodyWeightKilograms: 40, sex: .female) != nil)
    }

    @Test func ipfGLClassic() {
        // men classic: 70000 / (1199.72839 − 1025.18162·e^(−0.00921·80.5)) = 70000 / 711.2877 = 98.4132
        #expect(close(PowerliftingScore.ipfGL(total: .kg(700), bodyWeight: .kg(80.5), sex: .male), 98.4132))
        // women classic: 40000 / (610.32796 − 1045.59282·e^(−0.03048·60)) = 90.4161
        #expect(close(PowerliftingScore.ipfGL(totalKilograms: 400, bodyWeightKilograms: 60, sex: .female), 90.4161))
        // bench only: men 150 kg at 80.5 kg → 76.5399; women 80 kg at 60 kg → 68.7262
        #expect(close(PowerliftingScore.ipfGL(totalKilograms: 150, bodyWeightKilograms: 80.5, sex: .male, event: .benchOnly), 76.5399))
        #expect(close(PowerliftingScore.ipfGL(totalKilograms: 80, bodyWeightKilograms: 60, sex: .female, event: .benchOnly), 68.7262))
        // A published result: 600 kg at 90 kg, men classic, 79.8 GL points.
        #expect(close(PowerliftingScore.ipfGL(totalKilograms: 600, bodyWeightKilograms: 90, sex: .male), 79.8, 0.05))
    }

    @Test func ipfGLEquippedAndFloor() {
        // men single-ply: 60000 / (1236.25115 − 1449.21864·e^(−0.01644·90)) = 66.2089
        #expect(close(PowerliftingScore.ipfGL(totalKilograms: 600, bodyWeightKilograms: 90, sex: .male, equipment: .singlePly), 66.2089))
        // women single-ply bench: 8000 / (221.82209 − 357.00377·e^(−0.02937·60)) = 49.8329
        #expect(close(PowerliftingScore.ipfGL(totalKilograms: 80, bodyWeightKilograms: 60, sex: .female, equipment: .singlePly,
                                              event: .benchOnly), 49.8329))
        #expect(PowerliftingScore.ipfGL(totalKilograms: 200, bodyWeightKilograms: 34.9, sex: .female) == nil)
        #expect(PowerliftingScore.ipfGL(totalKilograms: 200, bodyWeightKilograms: 35, sex: .female) != nil)
    }

    /// Equipped (single-ply) IPF GL against published values: the coefficient 100 / (A − B·e^(−C·bw))
    /// as the IPF's championship workbook (Championships-IPF-GL, six decimals) prints it for
    /// equipped lifters — men 58.51 kg 0.146539, 58.54 kg 0.146481, 58.36 kg 0.146833, 58.98 kg
    /// 0.145629; women 68 kg 0.173197, 46.15 kg 0.222194, 46.25 kg 0.221824 — and Dmitry Inzarkin's
    /// 112.85 points (1035 kg at 92.04 kg, 2019 IPF World Open Equipped; OpenPowerlifting's
    /// goodlift.rs checks the same result).
    @Test func ipfGLEquippedAgainstPublishedValues() {
        let rows: [(Sex, Double, Double)] = [(.male, 58.51, 0.146539), (.male, 58.54, 0.146481), (.male, 58.36, 0.146833),
                                             (.male, 58.98, 0.145629), (.female, 68, 0.173197), (.female, 46.15, 0.222194),
                                             (.female, 46.25, 0.221824)]
        for (sex, bw, coefficient) in rows {
            let value = PowerliftingScore.ipfGL(totalKilograms: 1, bodyWeightKilograms: bw, sex: sex, equipment: .singlePly)
            #expect(value.map { ($0 * 1_000_000).rounded() } == (coefficient * 1_000_000).rounded(), "\(sex) \(bw) kg")
        }
        let inzarkin = PowerliftingScore.ipfGL(totalKilograms: 1035, bodyWeightKilograms: 92.04, sex: .male, equipment: .singlePly)
        #expect(inzarkin.map { ($0 * 100).rounded() / 100 } == 112.85)
    }

    /// OpenPowerlifting's checks of the 2019 IPF points: 777.5 kg at 93 kg (men, raw) = 741.32;
    /// 337.5 kg at 73 kg (women, raw) = 546.67.
    @Test func ipfPoints2019() {
        #expect(close(PowerliftingScore.ipfPoints(total: .kg(777.5), bodyWeight: .kg(93), sex: .male), 741.32, 0.005))
        #expect(close(PowerliftingScore.ipfPoints(total: .kg(337.5), bodyWeight: .kg(73), sex: .female), 546.67, 0.005))
        #expect(PowerliftingScore.ipfPoints(total: .kg(100), bodyWeight: .kg(39), sex: .male) == nil)
        #expect(PowerliftingScore.ipfPoints(total: .kg(1), bodyWeight: .kg(100), sex: .male) == 0, "never below 0")
    }

    /// The Wilks 2020 coefficient against its published tables (four decimals).
    @Test func wilks2020AgainstThePublishedTables() {
        let men: [(Double, Double)] = [(40, 1.3895), (50, 1.1510), (60, 0.9968), (70, 0.8923), (80, 0.8191), (90, 0.7670), (100, 0.7294),
                                       (120, 0.6817), (140, 0.6546), (160, 0.6361), (180, 0.6213), (200, 0.6123), (200.95, 0.6122),
                                       (400, 0.6122)]
        let women: [(Double, Double)] = [(40, 1.8486), (50, 1.5091), (60, 1.3190), (70, 1.2042), (80, 1.1318), (90, 1.0846),
                                         (100, 1.0525), (110, 1.0286), (120, 1.0089), (130, 0.9912), (140, 0.9753), (150, 0.9635),
                                         (150.95, 0.9627), (200, 0.9627)]
        for (sex, table) in [(Sex.male, men), (.female, women)] {
            for (bw, coefficient) in table {
                let value = PowerliftingScore.wilks2020Coefficient(bodyWeightKilograms: bw, sex: sex)
                #expect(value.map { ($0 * 10_000).rounded() } == (coefficient * 10_000).rounded(), "\(sex) \(bw) kg")
            }
        }
        #expect(PowerliftingScore.wilks2020Coefficient(bodyWeightKilograms: 39.9, sex: .male) == nil, "under the table: no score")
        #expect(close(PowerliftingScore.wilks2020(total: .kg(700), bodyWeight: .kg(80), sex: .male), 700 * 0.81908, 0.05))
    }

    /// The original Wilks coefficient: 0.6827 at 80 kg for men (500 / 732.3856); clamped above
    /// 201.9 kg (men) and 154.53 kg (women); none under 40 kg (men) and 26.51 kg (women).
    @Test func wilksOriginal() {
        #expect(close(PowerliftingScore.wilksCoefficient(bodyWeightKilograms: 80, sex: .male), 0.682699, 1e-6))
        #expect(close(PowerliftingScore.wilks(total: .kg(700), bodyWeight: .kg(80), sex: .male), 477.889, 0.001))
        #expect(PowerliftingScore.wilksCoefficient(bodyWeightKilograms: 250, sex: .male)
            == PowerliftingScore.wilksCoefficient(bodyWeightKilograms: 201.9, sex: .male))
        #expect(PowerliftingScore.wilksCoefficient(bodyWeightKilograms: 30, sex: .female) != nil)
        #expect(PowerliftingScore.wilksCoefficient(bodyWeightKilograms: 26, sex: .female) == nil)
        #expect(PowerliftingScore.wilksCoefficient(bodyWeightKilograms: 39, sex: .male) == nil)
    }
}
