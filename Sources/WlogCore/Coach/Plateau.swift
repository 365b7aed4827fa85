/// A plateau: no e1RM PR in the last 3 exposures, which span at least 3 weeks.
public struct Plateau: Sendable, Hashable {
    public var exercise: Exercise
    /// The last three exposures, oldest first.
    public var exposures: [Exposure]
    /// The best e1RM before them (the record they did not beat).
    public var record: Mass
    /// Days from the first to the last of the three.
    public var spanDays: Int

    /// The number of exposures the rule looks at.
    public static let exposureCount = 3
    /// The least span of those exposures, in days.
    public static let minimumSpanDays = 21

    /// Checks the rule on an exercise's exposures (oldest first); exposures without an e1RM are ignored.
    public static func detect(exercise: Exercise, exposures: [Exposure]) -> Plateau? {
        let rated = exposures.filter { $0.bestE1RM != nil }
        guard rated.count > exposureCount, let first = rated.suffix(exposureCount).first,
              let last = rated.last else { return nil }
        let span = first.day.distance(to: last.day)
        guard span >= minimumSpanDays else { return nil }
        var best = rated.dropLast(exposureCount).compactMap(\.bestE1RM).max() ?? Mass.zero(.kg)
        for exposure in rated.suffix(exposureCount) {
            guard let e1rm = exposure.bestE1RM else { continue }
            if e1rm > best { return nil }
            best = max(best, e1rm)
        }
        return Plateau(exercise: exercise, exposures: Array(rated.suffix(exposureCount)), record: best, spanDays: span)
    }

    /// `no e1RM PR in the last 3 sessions over 24 days (record 116.67 kg; since then 112.5, 115, 114.17 kg)`.
    public var message: String { message(unit: record.unit) }

    /// The message with masses in `unit`.
    public func message(unit: MassUnit) -> String {
        let values = exposures.compactMap(\.bestE1RM).map { FixedPoint.format($0.converted(to: unit).tenThousandths) }
        return "no e1RM PR in the last \(Self.exposureCount) sessions over \(spanDays) days (record "
            + record.formatted(in: unit) + "; since then " + values.joined(separator: ", ") + " " + unit.rawValue
            + ") → change the rep range or the variation, or deload"
    }
}
