/// The Reactive Training Systems RPE chart (Tuchscherer 2015): the fraction of 1RM a lifter
/// moves for a number of reps at an RPE.
///
/// Every cell of the chart depends only on the effective reps, reps + (10 − RPE), so the chart is
/// stored as its diagonal (`reference/rpe_chart.SOURCE.md`) for effective reps 1, 1.5, … 16.
public enum RTSChart {
    /// Fractions of 1RM for effective reps 1, 1.5, 2, … 16 (31 values).
    public static let diagonal: [Double] = [
        1.000, 0.978, 0.955, 0.939, 0.922, 0.907, 0.892, 0.878, 0.863, 0.850,
        0.837, 0.824, 0.811, 0.799, 0.786, 0.774, 0.762, 0.751, 0.739, 0.723,
        0.707, 0.694, 0.680, 0.667, 0.653, 0.640, 0.626, 0.613, 0.599, 0.586,
        0.572,
    ]

    /// The fraction of 1RM for `reps` at `rpe`, or `nil` when the effective reps fall outside the
    /// chart (below 1, above 16) or the RPE is not a multiple of 0.5.
    public static func fraction(reps: Int, rpe: Double) -> Double? {
        let halfSteps = 2 * (Double(reps) + 10 - rpe)  // 2 × effective reps
        guard halfSteps.isFinite, halfSteps.rounded() == halfSteps else { return nil }
        let index = Int(halfSteps) - 2
        guard diagonal.indices.contains(index) else { return nil }
        return diagonal[index]
    }
}
