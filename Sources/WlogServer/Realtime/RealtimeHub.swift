import Logging
import Synchronization
import WlogCore
import WlogStore

/// The feeds of the lifters someone subscribes to: one per lifter however many channels follow
/// it, started by the first subscription and stopped with the last.
final class RealtimeHub: Sendable {
    let store: any LifterStore
    let now: @Sendable () -> Instant
    let limits: RealtimeLimits
    private let logger: Logger
    private let feeds = Mutex<[LifterID: (feed: RealtimeFeed, count: Int)]>([:])

    init(store: any LifterStore, now: @escaping @Sendable () -> Instant, limits: RealtimeLimits, logger: Logger) {
        self.store = store
        self.now = now
        self.limits = limits
        self.logger = logger
    }

    /// Starts delivering the changes of `subscription`'s lifter to it, from its tables' rows as
    /// they are when this returns.
    func subscribe(_ subscription: RealtimeSubscription) async throws {
        let (feed, created) = feeds.withLock { feeds -> (RealtimeFeed, Bool) in
            if let entry = feeds[subscription.lifter] {
                feeds[subscription.lifter]?.count += 1
                return (entry.feed, false)
            }
            let feed = RealtimeFeed(lifter: subscription.lifter, store: store, now: now, logger: logger)
            feeds[subscription.lifter] = (feed, 1)
            return (feed, true)
        }
        if created { await feed.start(poll: limits.poll) }
        do {
            try await feed.add(subscription)
        } catch {
            await unsubscribe(subscription)
            throw error
        }
    }

    /// Stops delivering to `subscription`.
    func unsubscribe(_ subscription: RealtimeSubscription) async {
        let (feed, last) = feeds.withLock { feeds -> (RealtimeFeed?, Bool) in
            guard let entry = feeds[subscription.lifter] else { return (nil, false) }
            if entry.count <= 1 {
                feeds[subscription.lifter] = nil
                return (entry.feed, true)
            }
            feeds[subscription.lifter]?.count -= 1
            return (entry.feed, false)
        }
        guard let feed else { return }
        await feed.remove(subscription)
        if last { await feed.stop() }
    }

    /// How many lifters' streams are followed.
    var followed: Int { feeds.withLock { $0.count } }
}

/// The bounds of the Realtime endpoint.
struct RealtimeLimits: Sendable {
    /// Messages a connection may have waiting before it is disconnected as too slow.
    var outbox = 1_000
    /// The largest frame a client may send (a join with its token and bindings is a few KB).
    var maxFrame = 64 << 10
    /// Channels per connection and bindings per channel.
    var channels = 100
    var bindings = 100
    /// A connection that sends nothing (not even its heartbeat, every 25 s) for this long is closed.
    var idle = Duration.seconds(60)
    /// How often a followed stream is read for commits this server did not make.
    var poll = Duration.milliseconds(250)

    /// The limits for `store`: the journal store's CLI appends are noticed only by reading, every
    /// 250 ms; another store hears other writers itself (PostgreSQL's NOTIFY posts the change
    /// watch), so its streams are read every 5 s only as a safety net (a read there is a query).
    init(for store: any LifterStore) {
        if !(store is JournalStore) { poll = .seconds(5) }
    }

    init() {}
}
