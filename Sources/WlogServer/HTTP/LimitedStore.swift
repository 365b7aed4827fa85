import Synchronization
import WlogCore
import WlogStore

/// A store whose writes keep `WriteLimits`: each commit's events, whoever decided them (the
/// Treoir API, `/rest/v1`, `/mcp`, `POST /events`, the pages), are measured under the lifter's
/// write lock before anything is appended — a text past its limit is refused 413, a commit that
/// would grow the lifter's journal past its minute's worth 429 with `Retry-After`. A refused
/// commit leaves the journal as it was. Reads pass through.
struct LimitedStore: LifterStore {
    let base: any LifterStore
    let limits: WriteLimits
    /// Bytes of journal lines per lifter: `growthBytesPerMinute / 60` a second, a minute's worth at once.
    let growth: RateLimiter

    /// `clock`: seconds, for the growth buckets (the server's clock, so tests fix it).
    init(_ base: any LifterStore, limits: WriteLimits, clock: @escaping @Sendable () -> Double) {
        self.base = base
        self.limits = limits
        growth = RateLimiter(rate: Double(limits.growthBytesPerMinute) / 60, burst: Double(limits.growthBytesPerMinute), clock: clock)
    }

    func write<Result: Sendable>(
        _ lifter: LifterID, at now: Instant, actor: String, fixedIDs: [EventID],
        decide: @escaping @Sendable (LifterView, DecideContext) throws -> [Event],
        render: @escaping @Sendable (LifterView, [Event]) throws -> Result
    ) async throws -> Result {
        let (limits, growth) = (self.limits, self.growth)
        let charged = ChargedBytes()
        return try await base.write(lifter, at: now, actor: actor, fixedIDs: fixedIDs, decide: { view, context in
            let events = try decide(view, context)
            let bytes = try limits.measure(events)
            // A store that retries (another server was first) runs `decide` again: the commit is
            // charged once, a later run only for what it adds.
            let unpaid = charged.take(bytes)
            if unpaid > 0, let wait = growth.take(lifter.uuid, cost: Double(unpaid)) {
                throw limits.growthLimited(bytes: bytes, retryAfter: wait)
            }
            return events
        }, render: render)
    }

    /// The most bytes one write's runs of `decide` have been charged.
    private final class ChargedBytes: Sendable {
        private let most = Mutex(0)

        /// The bytes of `bytes` not charged yet, now counted as charged.
        func take(_ bytes: Int) -> Int {
            most.withLock { most in
                defer { most = max(most, bytes) }
                return bytes - most
            }
        }
    }

    func read<Result: Sendable>(_ lifter: LifterID, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await base.read(lifter, body)
    }

    func read<Result: Sendable>(_ lifter: LifterID, cacheKey: String,
                                _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await base.read(lifter, cacheKey: cacheKey, body)
    }

    func heldEvents(_ lifter: LifterID, ids: Set<EventID>) async throws -> [EventID: Event] {
        try await base.heldEvents(lifter, ids: ids)
    }

    func events(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> EventFeedPage {
        try await base.events(lifter, after: after, limit: limit)
    }

    func changes(_ lifter: LifterID) -> ChangeWatch { base.changes(lifter) }

    func accountsLog() async throws -> (any RecordLog)? { try await base.accountsLog() }

    func saveForStop() async -> Int { await base.saveForStop() }
}
