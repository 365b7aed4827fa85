import WlogCore

/// An RPE as seed 004 §6 reads it (`int? rpe`) and as wlog records it (1–10 in half steps): the
/// API's `rpe`/`targetRpe` is the whole number, half steps rounded up (8.5 → 9), and
/// `rpeExact`/`targetRpeExact` beside it is the value recorded (8.5), so a Dart app written to §6
/// parses every set and nothing recorded is lost (docs/SERVER.md, "Conventions").
struct WholeRPE: Sendable, Equatable {
    /// The whole number §6's `int? rpe` holds.
    var whole: Int
    /// The value recorded, in half steps.
    var exact: Double

    init?(_ rpe: RPE?) {
        guard let rpe else { return nil }
        exact = rpe.value
        whole = (Int(rpe.halfPoints) + 1) / 2
    }
}
