/// Values no lifter means outside a typo (`100000` for `100`, a body weight of 900 kg): refused
/// unless the command confirms them (`--force`, `DecideContext.confirmsImplausible`), so a slip
/// of the finger never becomes a record.
///
/// A set: load at most 1,000 kg (2,204.6 lb: above every lift and machine stack), reps at most
/// 1,000. A body weight or goal: 20 to 400 kg.
struct Plausibility {
    /// Whether the lifter confirmed implausible values.
    let confirmed: Bool

    static let maxLoadKilogramTenThousandths: Int64 = 1_000 * 10_000
    static let maxReps = 1_000
    static let bodyweightKilogramTenThousandths: ClosedRange<Int64> = 20 * 10_000 ... 400 * 10_000

    private static let force = "check it, or add --force to log it as it is"

    /// Checks a set's reps and load (those given).
    func checkSet(reps: Int?, weight: Mass?) throws(Refusal) {
        guard !confirmed else { return }
        if let reps, reps > Self.maxReps {
            throw Refusal(field: "set.reps", value: String(reps),
                          allowed: "more than \(Self.maxReps) reps in one set is implausible; " + Self.force)
        }
        if let weight, weight.kilogramTenThousandths > Self.maxLoadKilogramTenThousandths {
            throw Refusal(field: "set.weight", value: weight.formatted(),
                          allowed: "more than 1000 kg (2204.6 lb) in one set is implausible; " + Self.force)
        }
    }

    /// Checks a body weight (or a body-weight goal) in `field`.
    func checkBodyweight(_ weight: Mass, field: String) throws(Refusal) {
        guard !confirmed, !Self.bodyweightKilogramTenThousandths.contains(weight.kilogramTenThousandths) else { return }
        throw Refusal(field: field, value: weight.formatted(),
                      allowed: "a body weight outside 20 to 400 kg (44 to 882 lb) is implausible; " + Self.force)
    }
}
