/// The value range of a chart, widened to round steps (1, 2, 2.5 or 5 × 10ⁿ), about four steps.
public struct ChartScale: Sendable, Hashable {
    public var low: Double
    public var high: Double
    public var step: Double

    /// The scale covering `values` (at least one unit wide).
    public init(values: [Double]) {
        var lo = values.min() ?? 0, hi = values.max() ?? 1
        if hi - lo < 1e-9 { lo -= 1; hi += 1 }
        let step = Self.niceStep((hi - lo) / 4)
        self.step = step
        low = (lo / step).rounded(.down) * step
        high = (hi / step).rounded(.up) * step
    }

    /// The smallest of 1, 2, 2.5, 5 × 10ⁿ at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw && power > 1e-6 { power /= 10 }
        for m in [1.0, 2, 2.5, 5, 10] where m * power >= raw { return m * power }
        return 10 * power
    }

    /// Where `value` falls, 0 at `low` and 1 at `high`.
    public func fraction(_ value: Double) -> Double { (value - low) / (high - low) }
}
