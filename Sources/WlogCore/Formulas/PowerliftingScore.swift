#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Body-weight-adjusted powerlifting scores: DOTS, IPF GL (2020), IPF points (2019), Wilks
/// (original) and Wilks 2020, with the coefficients and body-weight ranges OpenPowerlifting and
/// the federations publish.
///
/// Every score is `nil` below its published body-weight floor (DOTS, Wilks 2020 and IPF points
/// 40 kg, IPF GL 35 kg, Wilks 40 kg for men and 26.51 kg for women): the models were not fitted
/// there and children would get huge coefficients. Above the range DOTS and Wilks clamp the body
/// weight to the published upper bound, as published.
public enum PowerliftingScore {
    /// The event a score is computed for (IPF GL, IPF points).
    public enum Event: String, Sendable, Hashable, CaseIterable, Codable {
        /// Squat + bench press + deadlift.
        case fullPower = "full-power"
        /// Bench press only.
        case benchOnly = "bench-only"
    }

    /// The equipment division (IPF GL, IPF points): classic (raw) or equipped (single-ply).
    public enum Equipment: String, Sendable, Hashable, CaseIterable, Codable {
        case raw
        case singlePly = "single-ply"
    }

    /// DOTS points: total · 500 / (A·bw⁴ + B·bw³ + C·bw² + D·bw + E), body weight clamped to
    /// 40–210 kg for men and 40–150 kg for women; nil under 40 kg. Masses may be in any unit.
    public static func dots(total: Mass, bodyWeight: Mass, sex: Sex) -> Double? {
        dots(totalKilograms: total.kilograms, bodyWeightKilograms: bodyWeight.kilograms, sex: sex)
    }

    /// DOTS points from kilograms.
    public static func dots(totalKilograms: Double, bodyWeightKilograms: Double, sex: Sex) -> Double? {
        guard bodyWeightKilograms >= 40 else { return nil }
        let (a, b, c, d, e, upper): (Double, Double, Double, Double, Double, Double)
        switch sex {
        case .male: (a, b, c, d, e, upper) = (-0.0000010930, 0.0007391293, -0.1918759221, 24.0900756, -307.75076, 210)
        case .female: (a, b, c, d, e, upper) = (-0.0000010706, 0.0005158568, -0.1126655495, 13.6175032, -57.96288, 150)
        }
        let bw = min(bodyWeightKilograms, upper)
        let denominator = (((a * bw + b) * bw + c) * bw + d) * bw + e
        return totalKilograms * 500 / denominator
    }

    /// IPF GL points (2020): total · 100 / (A − B·e^(−C·bw)); nil under 35 kg.
    public static func ipfGL(total: Mass, bodyWeight: Mass, sex: Sex, equipment: Equipment = .raw,
                             event: Event = .fullPower) -> Double? {
        ipfGL(totalKilograms: total.kilograms, bodyWeightKilograms: bodyWeight.kilograms, sex: sex, equipment: equipment,
              event: event)
    }

    /// IPF GL points from kilograms.
    public static func ipfGL(totalKilograms: Double, bodyWeightKilograms: Double, sex: Sex, equipment: Equipment = .raw,
                             event: Event = .fullPower) -> Double? {
        guard bodyWeightKilograms >= 35 else { return nil }
        let (a, b, c): (Double, Double, Double)
        switch (event, equipment, sex) {
        case (.fullPower, .raw, .male): (a, b, c) = (1199.72839, 1025.18162, 0.00921)
        case (.fullPower, .singlePly, .male): (a, b, c) = (1236.25115, 1449.21864, 0.01644)
        case (.benchOnly, .raw, .male): (a, b, c) = (320.98041, 281.40258, 0.01008)
        case (.benchOnly, .singlePly, .male): (a, b, c) = (381.22073, 733.79378, 0.02398)
        case (.fullPower, .raw, .female): (a, b, c) = (610.32796, 1045.59282, 0.03048)
        case (.fullPower, .singlePly, .female): (a, b, c) = (758.63878, 949.31382, 0.02435)
        case (.benchOnly, .raw, .female): (a, b, c) = (142.40398, 442.52671, 0.04724)
        case (.benchOnly, .singlePly, .female): (a, b, c) = (221.82209, 357.00377, 0.02937)
        }
        return totalKilograms * 100 / (a - b * exp(-c * bodyWeightKilograms))
    }

    /// IPF points (the 2019 formula, before GL): 500 + 100 · (total − (m₁·ln bw − m₂)) / (d₁·ln bw − d₂),
    /// never below 0; nil under 40 kg.
    public static func ipfPoints(total: Mass, bodyWeight: Mass, sex: Sex, equipment: Equipment = .raw,
                                 event: Event = .fullPower) -> Double? {
        guard bodyWeight.kilograms >= 40 else { return nil }
        let (m1, m2, d1, d2): (Double, Double, Double, Double)
        switch (event, equipment, sex) {
        case (.fullPower, .raw, .male): (m1, m2, d1, d2) = (310.67, 857.785, 53.216, 147.0835)
        case (.fullPower, .singlePly, .male): (m1, m2, d1, d2) = (387.265, 1121.28, 80.6324, 222.4896)
        case (.fullPower, .raw, .female): (m1, m2, d1, d2) = (125.1435, 228.03, 34.5246, 86.8301)
        case (.fullPower, .singlePly, .female): (m1, m2, d1, d2) = (176.58, 373.315, 48.4534, 110.0103)
        case (.benchOnly, .raw, .male): (m1, m2, d1, d2) = (86.4745, 259.155, 17.57845, 53.122)
        case (.benchOnly, .singlePly, .male): (m1, m2, d1, d2) = (133.94, 441.465, 35.3938, 113.0057)
        case (.benchOnly, .raw, .female): (m1, m2, d1, d2) = (25.0485, 43.848, 6.7172, 13.952)
        case (.benchOnly, .singlePly, .female): (m1, m2, d1, d2) = (49.106, 124.209, 23.199, 67.492)
        }
        let logBW = log(bodyWeight.kilograms)
        let deviation = d1 * logBW - d2
        guard deviation != 0 else { return nil }
        return max(0, 500 + 100 * (total.kilograms - (m1 * logBW - m2)) / deviation)
    }

    /// Wilks points (original coefficients): total · the Wilks coefficient.
    public static func wilks(total: Mass, bodyWeight: Mass, sex: Sex) -> Double? {
        wilksCoefficient(bodyWeightKilograms: bodyWeight.kilograms, sex: sex).map { total.kilograms * $0 }
    }

    /// The original Wilks coefficient, 500 / poly5(bw), body weight clamped to 40–201.9 kg for men
    /// and 26.51–154.53 kg for women; nil under the floor.
    public static func wilksCoefficient(bodyWeightKilograms bw: Double, sex: Sex) -> Double? {
        switch sex {
        case .male:
            guard bw >= 40 else { return nil }
            return 500 / poly5([-216.0475144, 16.2606339, -0.002388645, -0.00113732, 7.01863e-06, -1.291e-08], min(bw, 201.9))
        case .female:
            guard bw >= 26.51 else { return nil }
            return 500 / poly5([594.31747775582, -27.23842536447, 0.82112226871, -0.00930733913, 4.731582e-05, -9.054e-08],
                               min(bw, 154.53))
        }
    }

    /// Wilks 2020 points (the coefficients published 2020-03-09): total · the Wilks 2020 coefficient.
    public static func wilks2020(total: Mass, bodyWeight: Mass, sex: Sex) -> Double? {
        wilks2020Coefficient(bodyWeightKilograms: bodyWeight.kilograms, sex: sex).map { total.kilograms * $0 }
    }

    /// The Wilks 2020 coefficient, 600 / poly5(bw), body weight clamped to 40–200.95 kg for men and
    /// 40–150.95 kg for women; nil under 40 kg. Its published tables list this number.
    public static func wilks2020Coefficient(bodyWeightKilograms bw: Double, sex: Sex) -> Double? {
        guard bw >= 40 else { return nil }
        switch sex {
        case .male:
            return 600 / poly5([47.4617885411949, 8.47206137941125, 0.073694103462609, -0.00139583381094385,
                                0.00000707665973070743, -0.0000000120804336482315], min(bw, 200.95))
        case .female:
            return 600 / poly5([-125.425539779509, 13.7121941940668, -0.0330725063103405, -0.0010504000506583,
                                0.00000938773881462799, -0.000000023334613884954], min(bw, 150.95))
        }
    }

    /// a + b·x + c·x² + d·x³ + e·x⁴ + f·x⁵ for coefficients `[a, b, c, d, e, f]` (Horner).
    private static func poly5(_ k: [Double], _ x: Double) -> Double {
        ((((k[5] * x + k[4]) * x + k[3]) * x + k[2]) * x + k[1]) * x + k[0]
    }
}
