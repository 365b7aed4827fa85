import Foundation
import Synchronization

/// Token buckets, one per key (a lifter or an address): `rate` requests a second on average,
/// `burst` at once. A bucket left full is forgotten, so memory follows the active keys.
final class RateLimiter: Sendable {
    let rate: Double
    let burst: Double
    private let buckets = Mutex<[String: Bucket]>([:])
    private let clock: @Sendable () -> Double

    struct Bucket {
        var tokens: Double
        var updated: Double
    }

    /// Seconds since boot: a clock that never goes back (the default of every limit).
    static let uptime: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }

    /// `rate` 0 turns the limit off.
    init(rate: Double, burst: Double, clock: @escaping @Sendable () -> Double = RateLimiter.uptime) {
        self.rate = rate
        self.burst = max(1, burst)
        self.clock = clock
    }

    /// Takes `cost` tokens for `key` (at most `burst` are asked, so a cost past it passes once the
    /// bucket is full, leaving it in debt): nil when allowed, else the seconds until they are free (≥ 1).
    func take(_ key: String, cost: Double = 1) -> Int? {
        guard rate > 0 else { return nil }
        let now = clock()
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
            bucket.updated = now
            defer {
                if buckets.count > 100_000 { buckets = buckets.filter { $0.value.tokens < burst - 1 } }
            }
            let needed = min(cost, burst)
            guard bucket.tokens >= needed else {
                buckets[key] = bucket
                return max(1, Int(((needed - bucket.tokens) / rate).rounded(.up)))
            }
            bucket.tokens -= cost
            buckets[key] = bucket
            return nil
        }
    }

    /// 429 with `Retry-After` when `key` is over its limit.
    func check(_ key: String, what: String) throws {
        guard let wait = take(key) else { return }
        var error = APIError(.tooManyRequests, code: "RATE_LIMITED",
                             message: "too many requests for this \(what); retry after \(wait) s")
        error.headers[.retryAfter] = String(wait)
        throw error
    }
}
