import Foundation
import HTTPTypes
import Hummingbird
import WlogCore
import WlogInterop
import WlogStore

/// What every route needs: the store, the clock, and the request helpers all routes share.
struct RouteSupport: Sendable {
    let store: any LifterStore
    let now: @Sendable () -> Instant

    /// A GET's answer from the lifter's state, answered again from the store's cache while the
    /// lifter's stream and the minute are the same (a read of a 20-year history's page costs
    /// milliseconds; a cached one microseconds). Each lifter's minute starts at its own second
    /// (`cacheMinute`), so that the lifters' kept answers do not all expire at once.
    func read(_ lifter: LifterID, _ request: Request, _ body: @escaping @Sendable (LifterView) throws -> Response) async throws -> Response {
        try await store.read(lifter, cacheKey: "\(Self.cacheMinute(lifter, at: now())) \(request.uri.description)") { view in
            KeptResponse(try body(view))
        }.response
    }

    /// The minute a kept answer of `lifter` belongs to: 60-second windows shifted by up to a
    /// minute from the lifter's id, so that the lifters' pages are not all computed again in the
    /// same instant (the p99 this cost: perf-log/server.md, "Session 12: where a durable write's time
    /// goes"); an answer is still at most a minute old.
    static func cacheMinute(_ lifter: LifterID, at now: Instant) -> Int64 {
        var hasher = StableHasher()
        hasher.feed(lifter.uuid.utf8)
        let shift = Int64(hasher.id.high % 60_000)
        return (now.millisecondsSince1970 + shift) / 60_000
    }

    /// The path parameter `name` (the router guarantees it is there), percent-decoded: the router
    /// hands over the raw segment, so `Bench%20Press` or `bench%2Dpress` named nothing.
    func parameter(_ context: LifterRequestContext, _ name: String) throws -> String {
        guard let value = context.parameters.get(name) else { throw APIError.notFound(name) }
        guard value.utf8.contains(UInt8(ascii: "%")) else { return value }
        return value.removingPercentEncoding ?? value
    }

    /// The ids a create request's events get first: the client's own id (`id` in the body), else
    /// one derived from its `Idempotency-Key` header (docs/SERVER.md, "Retries").
    func fixedIDs(_ request: Request, lifter: LifterID, route: String, clientID: String? = nil) throws -> [EventID] {
        if let clientID {
            guard let id = APIID.event(clientID) else {
                throw APIError.validation(field: "id", "\"\(clientID)\" is not a UUID — send a UUID you generated, or leave it out")
            }
            return [id]
        }
        guard let key = request.headers.value(of: .idempotencyKey) else { return [] }
        guard (1...255).contains(key.utf8.count) else {
            throw APIError.validation(field: "Idempotency-Key", "must be 1 to 255 characters")
        }
        return [APIID.idempotent(lifter, route: route, key: key)]
    }

    /// An API instant (`2026-01-15T09:30:00Z`, any offset) as the lifter's zoned instant: the
    /// offset recorded is the lifter's zone's at that instant, so local days follow their zone.
    static func zoned(_ text: String?, field: String, view: LifterView) throws -> ZonedInstant? {
        guard let text else { return nil }
        guard let instant = Instant(iso8601: text) else {
            throw APIError.validation(field: field, "\"\(text)\" is not an ISO 8601 instant with a zone — e.g. 2026-01-15T09:30:00Z")
        }
        return ZonedInstant(instant, offsetMinutes: view.zone.offsetMinutes(at: instant))
    }

    /// Kilograms from a JSON number, exact to 0.1 g.
    static func kilograms(_ value: Double?, field: String) throws -> Mass? {
        guard let value else { return nil }
        guard value.isFinite, abs(value) < 100_000 else {
            throw APIError.validation(field: field, "\(value) is not a weight — kilograms from 0 to 99999")
        }
        return Mass(tenThousandths: Int64((value * 10_000).rounded()), unit: .kg)
    }

    /// A name the lifter gives (an exercise's, a routine's): 1 to `Exercise.textLimit`
    /// characters, not only spaces, and no control character (a NUL cannot be stored in
    /// PostgreSQL's jsonb — the write failed 503 there; no name needs one).
    static func name(_ text: String, field: String) throws -> String {
        guard !Exercise.exceedsTextLimit(text), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError.validation(field: field, "must be 1 to \(Exercise.textLimit) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw APIError.validation(field: field, "contains a control character (U+0000–U+001F, U+007F–U+009F) — send printable text")
        }
        return text
    }

    /// Runs a write, naming the API's field when the engine refuses (its fields are dotted CLI
    /// names: `set.reps` → `reps`).
    static func naming<T>(_ fields: [String: String], _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch StoreError.refused(let refusal) {
            throw APIError.refused(refusal, field: fields[refusal.field] ?? refusal.field)
        }
    }
}

extension HTTPField.Name {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
