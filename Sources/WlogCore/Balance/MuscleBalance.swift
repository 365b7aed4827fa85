/// Muscle balance (seed 001): weekly hard sets per muscle group against a target zone, days since
/// each group was last trained, stale groups, and the push : pull set ratio.
///
/// A pure function of the live sets, `now` and the lifter's offset. A qualifying set counts 1 for
/// its exercise's primary group and 0.5 for each secondary group (`domain.md` §4, Volume).
public struct MuscleBalance: Sendable, Hashable {
    /// The thresholds the report judges against.
    @PublicInit
    public struct Options: Sendable, Hashable {
        /// Weekly hard sets, inclusive: below `low` is below the zone, above `high` above it.
        public var low: Int = 10
        public var high: Int = 20
        /// A group trained before but not for more than this many days is stale.
        public var staleAfterDays: Int = 5
        /// The window of the weekly average and of the push : pull ratio, in weeks.
        public var weeks: Int = 4
        /// The push : pull ratio is fine within these bounds, inclusive.
        public var ratioLow: Double = 0.67
        public var ratioHigh: Double = 1.5
    }

    /// Where a group's weekly sets are against the zone.
    public enum Zone: String, Sendable, Hashable { case below, within, above }

    /// One muscle group's line.
    public struct Group: Sendable, Hashable {
        public var group: MuscleGroup
        /// Hard sets in the last 7 local days (today included), in half sets.
        public var lastSevenDaysHalfSets: Int
        /// Hard sets in the averaging window, in half sets.
        public var windowHalfSets: Int
        /// The weekly average over the window: `windowHalfSets / 2 / weeksCounted`.
        public var weeklyAverage: Double
        public var zone: Zone
        /// The last local day it got a hard set (primary or secondary), if ever.
        public var lastTrained: LocalDay?
        /// Days from `lastTrained` to today.
        public var daysSince: Int?
        /// Trained before, but not for more than `staleAfterDays`.
        public var isStale: Bool
    }

    /// One fine muscle's line (seed 001's "Hamstrings not trained in 6 days"): a hard set counts 1
    /// for every muscle its exercise lists (`Exercise.muscles`).
    public struct MuscleLine: Sendable, Hashable {
        public var muscle: Muscle
        /// Hard sets in the last 7 local days (today included).
        public var lastSevenDaysSets: Int
        /// The weekly average over the window: sets ÷ `weeksCounted`.
        public var weeklyAverage: Double
        public var lastTrained: LocalDay?
        public var daysSince: Int?
        /// Trained before, but not for more than `staleAfterDays`.
        public var isStale: Bool

        /// The alert of a stale muscle: "Hamstrings not trained in 6 days".
        public var alert: String? {
            guard isStale, let daysSince else { return nil }
            return "\(muscle.name) not trained in \(daysSince) days"
        }
    }

    /// The groups in display order: Chest, Back, Legs, Shoulders, Biceps, Triceps, Arms, Core.
    public var groups: [Group]
    /// Every fine muscle, in `Muscle.allCases` order.
    public var muscles: [MuscleLine] = []
    /// Weeks the average divides by: the window, shortened for a lifter who started less than
    /// `weeks` weeks ago (at least 1).
    public var weeksCounted: Int
    /// Qualifying sets of push-pattern and pull-pattern exercises over `weeks` weeks.
    public var pushSets: Int
    public var pullSets: Int
    /// `pushSets / pullSets`; nil when there are no pull sets.
    public var pushPullRatio: Double?
    /// Whether the ratio is outside the bounds (push without any pull counts as outside).
    public var ratioAlert: Bool
    /// The options used.
    public var options: Options

    /// The groups balance reports on (Cardio is not a muscle group to balance).
    public static let reportedGroups: [MuscleGroup] = [.chest, .back, .legs, .shoulders, .biceps, .triceps, .arms, .core]
}
