/// The reps → %1RM table and the loads it gives for an e1RM — the everyday tool for turning
/// "5 reps" or "3 × 5 at RPE 8" into a weight.
///
/// Reps alone read NSCA's table (Baechle & Earle, *Essentials of Strength Training and
/// Conditioning*, 3rd ed. 2008, table 15.7, "%1RM–repetitions relationship": the reps a lifter
/// can do to failure at a share of 1RM). Reps at an RPE read the RTS chart (`RTSChart`,
/// Tuchscherer 2015), the table made for RPE, since NSCA's assumes every set goes to failure.
/// Loads are rounded to the standard step (2.5 kg / 5 lb, halves up, `LoadIncrement.share`).
public enum PercentOfMax {
    /// NSCA's table as printed: reps to failure and the percent of 1RM (1–12 and 15 reps).
    public static let nsca: [(reps: Int, percent: Int)] = [
        (1, 100), (2, 95), (3, 93), (4, 90), (5, 87), (6, 85), (7, 83), (8, 80), (9, 77), (10, 75), (11, 70), (12, 67), (15, 65),
    ]

    /// One row of a lift's table: the reps, the share of 1RM and the rounded load.
    public struct Row: Sendable, Hashable {
        public var reps: Int
        /// The RPE the row is for (nil: to failure, NSCA's table).
        public var rpe: RPE?
        /// The share of 1RM (0.87 = 87 %).
        public var fraction: Double
        /// `e1RM × fraction`, rounded to the standard step of the e1RM's unit.
        public var load: Mass
    }

    /// The share of 1RM for `reps` to failure (NSCA), or at `rpe` (RTS); nil outside the tables.
    public static func fraction(reps: Int, rpe: RPE? = nil) -> Double? {
        if let rpe { return RTSChart.fraction(reps: reps, rpe: rpe.value) }
        return nsca.first { $0.reps == reps }.map { Double($0.percent) / 100 }
    }

    /// The load for `reps` (at `rpe`) from an e1RM, rounded to the standard step; nil outside the tables.
    public static func row(e1rm: Mass, reps: Int, rpe: RPE? = nil) -> Row? {
        guard let fraction = fraction(reps: reps, rpe: rpe) else { return nil }
        return Row(reps: reps, rpe: rpe, fraction: fraction, load: LoadIncrement.share(fraction, of: e1rm))
    }

    /// Every row of NSCA's table for an e1RM, 1 rep first.
    public static func table(e1rm: Mass) -> [Row] {
        nsca.compactMap { row(e1rm: e1rm, reps: $0.reps) }
    }
}
