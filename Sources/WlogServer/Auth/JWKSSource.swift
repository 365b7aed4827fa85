import AsyncHTTPClient
import Foundation
import JWTKit
import NIOCore

/// Signing keys at a URL (`--jwks-url`, Supabase's `…/auth/v1/.well-known/jwks.json`), which the
/// issuer rotates: fetched at start and kept fresh (docs/SERVER.md, "Identity and auth").
///
/// - Start: the document must be fetched and hold at least one key, or `start` throws naming the
///   URL and the fault — a server that could verify none of the issuer's tokens does not start.
/// - Freshness: the keys are fetched again once they are `max-age` old (`Cache-Control`, else
///   `Timing.refreshInterval`, kept within `minimumInterval…refreshInterval`); the request that
///   finds them due starts the fetch and goes on with the keys it has.
/// - Failure: a failed fetch keeps the last good keys and is tried again after a backoff doubling
///   from `Timing.backoff` up to `maximumBackoff`.
/// - Rotation: a token whose `kid` the keys lack waits for one fetch at once, unless one was made
///   in the last `minimumInterval` (made-up kids cost at most one fetch per interval); a kid still
///   unknown is refused (401).
public actor JWKSSource {
    /// The intervals, in seconds.
    public struct Timing: Sendable {
        public var refreshInterval: Double = 600
        public var minimumInterval: Double = 30
        public var backoff: Double = 5
        public var maximumBackoff: Double = 300
        public var timeoutSeconds: Int64 = 10

        public init() {}
    }

    /// A fetched document: its text and the `max-age` it was served with.
    public struct Document: Sendable {
        public var text: String
        public var maxAge: Double?
    }

    public typealias Fetch = @Sendable (_ url: String, _ timeoutSeconds: Int64) async throws -> Document

    public let url: String
    let timing: Timing
    let fetch: Fetch
    let clock: @Sendable () -> Date
    private var keys: JWTKeyCollection
    private var kids: Set<String>
    /// When the last fetch (good or not) began, for the unknown-`kid` rate limit.
    private var lastAttempt: Date
    private var nextRefresh: Date
    private var failures = 0
    private var inFlight: Task<Void, Never>?
    /// Fetches made (the first included), and the fault of the last one that failed.
    public private(set) var fetches = 1
    public private(set) var lastFault: String?

    private init(url: String, timing: Timing, fetch: @escaping Fetch, clock: @escaping @Sendable () -> Date,
                 loaded: (JWTKeyCollection, Set<String>), maxAge: Double?, at now: Date) {
        self.url = url
        self.timing = timing
        self.fetch = fetch
        self.clock = clock
        (keys, kids) = loaded
        lastAttempt = now
        nextRefresh = now.addingTimeInterval(Self.freshFor(maxAge, timing))
    }

    /// The keys at `url`, fetched now; throws `JWKSError` naming the URL when they cannot be had.
    public static func start(url: String, timing: Timing = Timing(), clock: @escaping @Sendable () -> Date = { Date() },
                             fetch: @escaping Fetch = JWKSSource.httpFetch) async throws -> JWKSSource {
        let now = clock()
        do {
            let document = try await fetch(url, timing.timeoutSeconds)
            return JWKSSource(url: url, timing: timing, fetch: fetch, clock: clock, loaded: try await load(document.text),
                              maxAge: document.maxAge, at: now)
        } catch {
            throw JWKSError(message: "--jwks-url \(url) gave no keys: \(JWKSError.describe(error)) — check the URL and that it serves a JWKS document")
        }
    }

    /// The claims of `token`, signed with the key its `kid` names.
    func verify(_ token: String, kid: String?) async throws -> LifterToken {
        let now = clock()
        if let kid, !kids.contains(kid), now >= lastAttempt.addingTimeInterval(timing.minimumInterval) {
            await startFetch(at: now).value
        } else if now >= nextRefresh {
            _ = startFetch(at: now)
        }
        return try await keys.verify(token, as: LifterToken.self)
    }

    /// Waits for a fetch under way (tests: a refresh started in the background has landed).
    public func settled() async {
        await inFlight?.value
    }

    /// The fetch under way, else a new one.
    private func startFetch(at now: Date) -> Task<Void, Never> {
        if let inFlight { return inFlight }
        let task = Task {
            await self.fetchNow(at: now)
            await self.finished()
        }
        inFlight = task
        return task
    }

    private func finished() { inFlight = nil }

    /// One fetch: the new keys replace the old ones whole (a key the issuer dropped is dropped),
    /// or, on failure, the old ones stay and the next attempt waits out the backoff.
    private func fetchNow(at now: Date) async {
        lastAttempt = now
        fetches += 1
        do {
            let document = try await fetch(url, timing.timeoutSeconds)
            (keys, kids) = try await Self.load(document.text)
            failures = 0
            lastFault = nil
            nextRefresh = now.addingTimeInterval(Self.freshFor(document.maxAge, timing))
        } catch {
            failures += 1
            lastFault = JWKSError.describe(error)
            nextRefresh = now.addingTimeInterval(min(timing.backoff * pow(2, Double(failures - 1)), timing.maximumBackoff))
        }
    }

    /// How long a document stays fresh: its `max-age` within `minimumInterval…refreshInterval`.
    static func freshFor(_ maxAge: Double?, _ timing: Timing) -> Double {
        min(max(maxAge ?? timing.refreshInterval, timing.minimumInterval), timing.refreshInterval)
    }

    /// A JWKS document's keys (at least one) and their ids.
    static func load(_ text: String) async throws -> (JWTKeyCollection, Set<String>) {
        let jwks = try JSONDecoder().decode(JWKS.self, from: Data(text.utf8))
        guard !jwks.keys.isEmpty else { throw JWKSError(message: "the document holds no key") }
        let keys = JWTKeyCollection()
        try await keys.add(jwks: jwks)
        return (keys, Set(jwks.keys.compactMap { $0.keyIdentifier?.string }))
    }

    /// GET `url` with AsyncHTTPClient: a 200's body (at most 1 MiB) and its `Cache-Control: max-age`.
    public static let httpFetch: Fetch = { url, timeoutSeconds in
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(timeoutSeconds))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else { throw JWKSError(message: "HTTP \(response.status.code)") }
        let maxAge = response.headers["Cache-Control"].lazy.flatMap { $0.split(separator: ",") }
            .compactMap { directive -> Double? in
                let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return parts.count == 2 && parts[0].lowercased() == "max-age" ? Double(parts[1]) : nil
            }.first
        return Document(text: String(buffer: body), maxAge: maxAge)
    }
}

/// Why `--jwks-url` gave no keys.
public struct JWKSError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as JWKSError: error.message
        case is DecodingError: "not a JWKS document"
        default: String(describing: error)
        }
    }
}
