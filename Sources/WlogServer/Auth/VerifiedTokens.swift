import Foundation
import Synchronization
import WlogStore

/// Tokens whose signature, `aud` and `sub` a `TokenVerifier` has already checked, with their
/// lifter and the times they are valid between: a client sends the same token with every request
/// until it expires, and checking a signature costs far more than a lookup. Only what does not
/// depend on the clock is remembered; `exp` and `nbf` are checked again on every use. At most
/// `capacity` tokens are kept (all are forgotten when a new one would pass it), so a flood of
/// valid tokens costs memory only up to that bound; a token that failed is never kept.
final class VerifiedTokens: Sendable {
    struct Entry: Sendable {
        var lifter: LifterID
        var expires: Date
        var notBefore: Date?
        /// The session of a token this server's accounts issued (checked live on every use).
        var session: String? = nil
    }

    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int = 10_000) {
        self.capacity = max(1, capacity)
    }

    func entry(_ token: String) -> Entry? {
        entries.withLock { $0[token] }
    }

    func remember(_ token: String, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[token] == nil { entries.removeAll(keepingCapacity: true) }
            entries[token] = entry
        }
    }

    var count: Int { entries.withLock { $0.count } }
}
