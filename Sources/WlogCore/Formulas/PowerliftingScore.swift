#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Body-weight-adjusted powerlifting scores: DOTS and IPF GL (OpenPowerlifting's constants).
public enum PowerliftingScore {
    /// The event an IPF GL score is computed for.
    public enum Event: String, Sendable, Hashable, CaseIterable, Codable {
        /// Classic (raw) squat + bench + deadlift total.
        case classicPowerlifting = "classic-powerlifting"
        /// Classic (raw) bench press only.
        case classicBench = "classic-bench"
    }

    /// DOTS points: total · 500 / (A·bw⁴ + B·bw³ + C·bw² + D·bw + E), body weight clamped to
    /// 40–210 kg for men and 40–150 kg for women. Masses may be in any unit.
    public static func dots(total: Mass, bodyWeight: Mass, sex: Sex) -> Double {
        dots(totalKilograms: total.kilograms, bodyWeightKilograms: bodyWeight.kilograms, sex: sex)
    }

    /// DOTS points from kilograms.
    public static func dots(totalKilograms: Double, bodyWeightKilograms: Double, sex: Sex) -> Double {
        let (a, b, c, d, e, upper): (Double, Double, Double, Double, Double, Double)
        switch sex {
        case .male: (a, b, c, d, e, upper) = (-0.0000010930, 0.0007391293, -0.1918759221, 24.0900756, -307.75076, 210)
        case .female: (a, b, c, d, e, upper) = (-0.0000010706, 0.0005158568, -0.1126655495, 13.6175032, -57.96288, 150)
        }
        let bw = min(max(bodyWeightKilograms, 40), upper)
        let denominator = (((a * bw + b) * bw + c) * bw + d) * bw + e
        return totalKilograms * 500 / denominator
    }

    /// IPF GL points: total · 100 / (A − B·e^(−C·bw)) for a classic event.
    public static func ipfGL(total: Mass, bodyWeight: Mass, sex: Sex, event: Event = .classicPowerlifting) -> Double {
        ipfGL(totalKilograms: total.kilograms, bodyWeightKilograms: bodyWeight.kilograms, sex: sex, event: event)
    }

    /// IPF GL points from kilograms.
    public static func ipfGL(
        totalKilograms: Double, bodyWeightKilograms: Double, sex: Sex, event: Event = .classicPowerlifting
    ) -> Double {
        let (a, b, c): (Double, Double, Double)
        switch (event, sex) {
        case (.classicPowerlifting, .male): (a, b, c) = (1199.72839, 1025.18162, 0.009210)
        case (.classicPowerlifting, .female): (a, b, c) = (610.32796, 1045.59282, 0.03048)
        case (.classicBench, .male): (a, b, c) = (320.98041, 281.40258, 0.01008)
        case (.classicBench, .female): (a, b, c) = (142.40398, 442.52671, 0.04724)
        }
        return totalKilograms * 100 / (a - b * exp(-c * bodyWeightKilograms))
    }
}
