#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A published formula that estimates a one-rep max (e1RM) from a set's weight and reps.
///
/// Constants are those of `reference/formulas.md`. Every formula follows the same contract:
/// - a single (1 rep) estimates its own weight — except under `rpe` when the set has an RPE below
///   10: a single at RPE 8 is not a max (the chart puts it at 92.2 %);
/// - each formula is valid over its own rep range (`validReps`: the linear family to 10 reps, as
///   published; Mayhew, Wathen and Lombardi to 20; `rpe` as far as its chart reaches); sets with
///   fewer than 1 rep, more reps than that range or than `maxReps` (the lifter's cap, default 12),
///   or no positive weight get no estimate;
/// - a formula whose denominator reaches its pole (Brzycki at 37 reps, Lander near 38) gives none;
/// - `rpe` divides the weight by the RTS percentage of the set's effective reps and needs an RPE;
/// - `brzyckiRIR` adds the set's reps in reserve (10 − RPE; none without an RPE) to its reps, as wger
///   does: its range (10) bounds the reps done, and a single with reps in reserve is no max.
public enum E1RMFormula: String, Sendable, Hashable, CaseIterable, Codable {
    /// w · (1 + r/30) — Epley 1985, the default (seed 003).
    case epley
    /// w · 36 / (37 − r) — Brzycki 1993.
    case brzycki
    /// 100 w / (101.3 − 2.67123 r) — Lander 1985.
    case lander
    /// w · r^0.10 — Lombardi 1989.
    case lombardi
    /// 100 w / (52.2 + 41.9 e^(−0.055 r)) — Mayhew et al. 1992.
    case mayhew
    /// w · (1 + r/40) — O'Conner et al. 1989.
    case oconner
    /// 100 w / (48.8 + 53.8 e^(−0.075 r)) — Wathen 1994.
    case wathen
    /// w ÷ RTS percentage for reps + (10 − RPE) — Tuchscherer 2015.
    case rpe
    /// w · 36 / (37 − (r + RIR)), RIR = 10 − RPE — Brzycki adjusted for reps in reserve, as wger
    /// computes it (`wger/trophies/checkers/personal_record.py`).
    case brzyckiRIR = "brzycki-rir"
    /// 100 w / (102.78 − 2.78 r), i.e. w / (1.0278 − 0.0278 r) — Brzycki 1993's linear form, as
    /// wger's `brzycki_one_rm` and most calculators print it.
    case brzycki10278 = "brzycki-102.78"

    /// The rep count above which sets get no estimate unless the caller says otherwise.
    public static let defaultMaxReps = 12

    /// The most reps the formula is published as valid for (Epley, Brzycki, Lander and O'Conner
    /// were fitted on sets of up to about 10 reps; Mayhew, Wathen and Lombardi hold further; the RTS
    /// chart ends at 16 effective reps).
    public var validReps: Int {
        switch self {
        case .epley, .brzycki, .lander, .oconner, .brzyckiRIR, .brzycki10278: return 10
        case .mayhew, .wathen, .lombardi: return 20
        case .rpe: return 16
        }
    }

    /// The most reps a set may have for an estimate under the lifter's cap `maxReps`: the smaller
    /// of the cap and the formula's own range — the range error messages name.
    public func repLimit(maxReps: Int = defaultMaxReps) -> Int { min(maxReps, validReps) }

    /// The estimated 1RM of `weight` lifted for `reps` (at `rpe` on the 1–10 scale), in the
    /// same unit as the weight, or `nil` when the formula gives none.
    public func estimate(weight: Double, reps: Int, rpe: Double? = nil, maxReps: Int = defaultMaxReps) -> Double? {
        guard weight > 0, weight.isFinite, reps >= 1, reps <= repLimit(maxReps: maxReps) else { return nil }
        // Reps in reserve (brzycki-rir): 10 − RPE, none without an RPE.
        let reserve = self == .brzyckiRIR ? max(0, 10 - (rpe ?? 10)) : 0
        if reps == 1 && reserve == 0 && !(self == .rpe && (rpe ?? 10) < 10) { return weight }
        let r = Double(reps)
        let estimate: Double
        switch self {
        case .epley: estimate = weight * (1 + r / 30)
        case .brzycki:
            guard reps < 37 else { return nil }
            estimate = weight * 36 / (37 - r)
        case .lander:
            let denominator = 101.3 - 2.67123 * r
            guard denominator > 0 else { return nil }
            estimate = 100 * weight / denominator
        case .lombardi: estimate = weight * pow(r, 0.10)
        case .mayhew: estimate = 100 * weight / (52.2 + 41.9 * exp(-0.055 * r))
        case .oconner: estimate = weight * (1 + r / 40)
        case .brzyckiRIR:
            guard r + reserve < 37 else { return nil }
            estimate = weight * 36 / (37 - (r + reserve))
        case .brzycki10278: estimate = 100 * weight / (102.78 - 2.78 * r)
        case .wathen: estimate = 100 * weight / (48.8 + 53.8 * exp(-0.075 * r))
        case .rpe:
            guard let rpe, let fraction = RTSChart.fraction(reps: reps, rpe: rpe) else { return nil }
            estimate = weight / fraction
        }
        return estimate.isFinite && estimate > 0 ? estimate : nil
    }

    /// The estimated 1RM of a set as a mass in the weight's unit, rounded to 1e-4 of that unit.
    public func estimate(weight: Mass, reps: Int, rpe: RPE? = nil, maxReps: Int = defaultMaxReps) -> Mass? {
        guard let value = estimate(weight: weight.value, reps: reps, rpe: rpe?.value, maxReps: maxReps) else {
            return nil
        }
        return Mass(tenThousandths: Int64((value * 10_000).rounded()), unit: weight.unit)
    }

    /// Parses a formula name in any case, spaces, hyphens and apostrophes ignored (`epley`,
    /// `Brzycki`, `o'conner`, `oconnor`, `brzycki-rir`, `Brzycki RIR`, `brzycki-102.78`).
    public init?(parsing text: some StringProtocol) {
        let key = text.lowercased().filter { $0 != "'" && $0 != " " && $0 != "-" }
        if let exact = E1RMFormula.allCases.first(where: { $0.rawValue.filter { $0 != "-" } == key }) {
            self = exact
        } else if key == "oconnor" {
            self = .oconner
        } else {
            return nil
        }
    }
}
