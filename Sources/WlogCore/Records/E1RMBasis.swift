/// The load a set's e1RM is computed on (issue 18 item 13, docs/RECORDS.md).
///
/// A strength set: its weight (> 0). A body-weight set: the lifter's body weight — the latest
/// entry at or before the set (`BodyweightTimeline`) — plus the added load (none = 0), in the body
/// weight's unit, so `BW + 10 kg × 5` at 80 kg is 90 kg × 5. With no body weight recorded at
/// that time, the added load alone when it is above zero, flagged `addedOnly` so output can say
/// so; a plain `BW × 8` then has no e1RM. Other kinds have none.
public struct E1RMBasis: Sendable, Hashable {
    /// The load the formula takes.
    public var load: Mass
    /// The body weight included, if any.
    public var bodyweight: Mass?
    /// A body-weight set estimated on its added load alone (no body weight recorded yet).
    public var addedOnly: Bool

    /// The basis of a set with `weight` (the added load of a body-weight set) of `kind`;
    /// `bodyweight` is the lifter's body weight at the set (asked only for body-weight kinds).
    public static func of(weight: Mass?, kind: ExerciseKind, bodyweight: () -> Mass?) -> E1RMBasis? {
        let positive = weight.flatMap { $0.tenThousandths > 0 ? $0 : nil }
        switch kind {
        case .strength:
            return positive.map { E1RMBasis(load: $0, bodyweight: nil, addedOnly: false) }
        case .bodyweight:
            guard let body = bodyweight(), body.tenThousandths > 0 else {
                return positive.map { E1RMBasis(load: $0, bodyweight: nil, addedOnly: true) }
            }
            let added = positive?.converted(to: body.unit).tenThousandths ?? 0
            return E1RMBasis(load: Mass(tenThousandths: body.tenThousandths + added, unit: body.unit), bodyweight: body,
                             addedOnly: false)
        case .assisted, .cardio, .timed:
            return nil
        }
    }

    /// The note output gives when an estimate stands on added load alone.
    public static let addedOnlyNote = "e1RM on added load only: no body weight recorded at or before the set "
        + "(log one with wlog append bodyweight MASS --at DATE)"
}
