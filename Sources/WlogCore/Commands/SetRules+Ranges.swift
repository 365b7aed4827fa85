/// The upper bounds of a set's measurements (docs/DOMAIN-DECISIONS.md, "Ranges"): far past any
/// lifter's record, and low enough that no sum or product wlog forms of them overflows (a set's
/// volume is reps × weight, summed over millions of sets; a pace is duration × 10⁷ / distance).
/// Commands and events from outside (`append events`, salvage) are held to them alike.
extension SetRules {
    static let maxReps = 1_000
    /// 10,000 kg (22,046 lb), in ten-thousandths of a kilogram.
    static let maxWeight = Mass.kg(10_000)
    /// 1,000 km.
    static let maxDistance = Distance(tenThousandths: 1_000 * 10_000, unit: .km)
    /// Seven days.
    static let maxDurationMilliseconds: Int64 = 7 * 86_400_000

    /// Refuses a measurement past its bound, naming the field.
    func checkRanges() throws(Refusal) {
        if let reps, reps > Self.maxReps || reps < 0 {
            throw Refusal(field: "set.reps", value: String(reps), allowed: "reps are 0 to \(Self.maxReps)")
        }
        if let weight, weight.kilogramTenThousandths.magnitude > Self.maxWeight.kilogramTenThousandths.magnitude {
            throw Refusal(field: "set.weight", value: weight.formatted(),
                          allowed: "a weight is at most 10000 kg (22046 lb)")
        }
        if let distance, distance.metreTenThousandths.magnitude > Self.maxDistance.metreTenThousandths.magnitude {
            throw Refusal(field: "set.distance", value: distance.formatted(), allowed: "a distance is at most 1000 km")
        }
        if let durationMilliseconds, durationMilliseconds > Self.maxDurationMilliseconds {
            throw Refusal(field: "set.duration", value: DurationText.clock(durationMilliseconds),
                          allowed: "a duration is at most 168:00:00 (7 days)")
        }
    }
}
