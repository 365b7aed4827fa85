/// A readiness check-in (seed 001).
public struct ReadinessEntry: Sendable, Hashable {
    public var id: EventID
    public var at: ZonedInstant
    public var readiness: ReadinessRecorded

    public init(id: EventID, at: ZonedInstant, readiness: ReadinessRecorded) {
        self.id = id
        self.at = at
        self.readiness = readiness
    }
}
