/// The volume of one set: reps × weight of a qualifying set, in ten-thousandths of a kilogram.
///
/// Qualifying: live, done, not a warm-up, of a strength-like kind (strength, body-weight).
/// Body-weight exercises count the added weight (0 when none), plus the lifter's latest body
/// weight on or before the set when `bodyweight` is given (`--with-bodyweight`). Assisted,
/// cardio and timed sets have no volume. The product is taken in the unit the weight was
/// entered in and converted to kilograms once (225 lb × 5 = 1125 lb = 510.2914 kg), so mixed
/// units sum exactly to 1e-4 kg.
public enum SetVolume {
    /// The set's volume in kg ten-thousandths, or nil when it does not qualify.
    ///
    /// A set whose volume would pass `maxSetVolume` (only a journal written by other means can
    /// hold one: wlog's commands bound reps and weight) counts none, so sums cannot overflow.
    public static func kilogramTenThousandths(of set: LoggedSet, kind: ExerciseKind, bodyweight: Mass? = nil) -> Int64? {
        guard set.qualifies(for: kind), let reps = set.reps, reps >= 1, reps <= maxReps else { return nil }
        let count = Int64(reps)
        var total: Int64 = 0
        if let weight = set.weight {
            guard weight.tenThousandths.magnitude <= maxWeight else { return nil }
            total += Mass(tenThousandths: weight.tenThousandths * count, unit: weight.unit).kilogramTenThousandths
        } else if kind == .strength {
            return nil
        }
        if kind == .bodyweight, let bodyweight {
            guard bodyweight.tenThousandths.magnitude <= maxWeight else { return nil }
            total += Mass(tenThousandths: bodyweight.tenThousandths * count, unit: bodyweight.unit).kilogramTenThousandths
        }
        return total
    }

    /// The most reps and weight (ten-thousandths of any unit) a set with volume has: 10⁶ × 10¹⁰,
    /// 10¹⁶ ten-thousandths of a kilogram at most per set (10¹² kg), and 900 such sets before a
    /// sum leaves Int64 — far past any set wlog's commands accept (1,000 × 10,000 kg).
    static let maxReps = 1_000_000
    static let maxWeight: UInt64 = 10_000_000_000
}

/// Body-weight entries by date, for "the latest body weight on or before" a moment.
package struct BodyweightTimeline: Sendable {
    private let entries: [BodyweightEntry]

    package init(_ state: WlogState) { entries = state.bodyweightEntries }

    /// The weight of the latest entry at or before `instant`, or nil.
    package func weight(at instant: Instant) -> Mass? {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].at.instant <= instant { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : entries[low - 1].weight
    }
}

/// Halves rounded half away from zero: volumes booked at 0.5 to secondary groups.
func halved(_ doubled: Int64) -> Int64 {
    doubled >= 0 ? (doubled + 1) / 2 : -((-doubled + 1) / 2)
}
