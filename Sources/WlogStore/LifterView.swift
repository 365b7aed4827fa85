import WlogCore
import WlogInterop

/// A lifter's state as a request sees it: the projections' input, with the lifter's zone and unit.
///
/// Valid only inside the store's `read`/`write` closures: keeping it would keep the state's
/// arrays shared, and the next append would copy them.
public struct LifterView: Sendable {
    public let lifter: LifterID
    public let state: WlogState
    /// The lifter's zone: the journal's setting, else the profile's, else UTC.
    public let zone: ImportTimeZone
    /// What makes the journal read-only (a damaged chunk), nil when it is healthy.
    public let damage: String?

    /// The display unit: the journal's setting, else the profile's, else kg.
    public var unit: MassUnit { state.unit }

    /// The query context at `now`.
    public func queryContext(now: Instant) -> QueryContext {
        QueryContext(now: now, offsetMinutes: zone.offsetMinutes(at: now), unit: unit)
    }
}
