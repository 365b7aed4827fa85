/// A readiness check-in (seed 001).
public struct ReadinessEntry: Sendable, Hashable {
    public var id: EventID
    public var at: ZonedInstant
    public var readiness: ReadinessRecorded
}

extension WlogState {
    /// Readiness check-ins in journal order (`readiness.recorded` is a kept type).
    public var readiness: [ReadinessEntry] {
        kept.ofType(.readinessRecorded).compactMap { event in
            guard case .readinessRecorded(let p) = event.payload else { return nil }
            return ReadinessEntry(id: event.id, at: event.envelope.occurred, readiness: p)
        }
    }
}
