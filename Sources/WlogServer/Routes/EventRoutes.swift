import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import WlogCore
import WlogStore

/// The change feed (docs/SERVER.md, "Change feed"): the lifter's committed events as the
/// journal's own JSON lines, paged by a cursor (`GET /events`) or pushed as they are committed
/// (`GET /events/stream`, Server-Sent Events); and its other direction, a batch of events from a
/// device appended as one commit (`POST /events`, what `wlog sync` pushes).
struct EventRoutes: Sendable {
    let support: RouteSupport
    /// How often a stream looks for lines another writer (the CLI) appended.
    static let pollInterval: Duration = .seconds(1)
    /// A comment line keeps idle connections (and proxies) open.
    static let heartbeat: Duration = .seconds(15)

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.get("events", use: list)
        api.get("events/stream", use: stream)
        api.post("events", use: append)
    }

    /// Most events one `POST /events` takes (the body's 1 MiB limit comes first for long lines).
    static let batchLimit = 1000

    struct BatchBody: Decodable {
        /// Events as `GET /events` gives them: journal lines (a `seq` is replaced by the stream's next).
        var events: [String]
    }

    struct BatchModel: Encodable {
        /// Events the commit appended.
        var appended: Int
        /// Events the stream held already (the same id): skipped, so a batch sent twice appends once.
        var duplicates: Int
        /// The stream's last sequence after the commit.
        var last: String
    }

    /// `POST /events {events: [line…]}`: the batch as one commit, all or nothing. Events are sorted
    /// by docs/SYNC.md's rule (`IncomingEvents`): an id the stream (or an earlier event of the
    /// batch) holds with the same event is a duplicate and skipped, so a batch sent twice appends
    /// once; with another event, a collision, refused. Every fresh event is held to the rules of
    /// the command that makes it (`partitionExternal`, as `wlog append events` holds a file). A line
    /// that is not an event, a collision, or an event a rule refuses answers 400 naming `events[i]`,
    /// and nothing is appended.
    @Sendable func append(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let body = try await JSONBody.decode(BatchBody.self, from: request, context: context)
        guard (1...Self.batchLimit).contains(body.events.count) else {
            throw APIError.validation(field: "events", "holds \(body.events.count) events — send 1 to \(Self.batchLimit) a request")
        }
        var events: [Event] = []
        events.reserveCapacity(body.events.count)
        for (index, line) in body.events.enumerated() {
            do {
                var event = try EventCodec.decode(line)
                event.envelope.seq = 0
                events.append(event)
            } catch {
                throw APIError.validation(field: "events[\(index)]", "is not an event line (\(error)) — send each event as GET /events gives it")
            }
        }
        let submitted = events
        let store = support.store
        // What the stream holds under the batch's ids, read before the write (only when it holds any).
        let known = try await store.read(lifter) { view in Set(submitted.lazy.map(\.id).filter { view.state.contains(eventID: $0) }) }
        let held = try await store.heldEvents(lifter, ids: known)
        do {
            return try await write(submitted, held: held, lifter: lifter)
        } catch StoreError.refused(let refusal) where refusal.field.hasPrefix("events[") {
            // `events[3] (set.logged 1a2b3c4d) set.exercise` → the API's field `events[3]`; the message keeps the rest.
            throw APIError.refused(refusal, field: String(refusal.field.prefix { $0 != " " }))
        }
    }

    /// The batch's commit: `IncomingEvents` sorts it against `held`, `partitionExternal` checks the fresh events.
    private func write(_ submitted: [Event], held: [EventID: Event], lifter: LifterID) async throws -> Response {
        try await support.store.write(lifter, at: support.now(), actor: "api", fixedIDs: []) { view, decideContext in
            // An id another writer committed since `held` was read: the client retries (409).
            if submitted.contains(where: { view.state.contains(eventID: $0.id) && held[$0.id] == nil }) {
                throw StoreError.conflict("another writer appended some of these events meanwhile; send the batch again")
            }
            let name = { (index: Int) in "events[\(index)]" }
            let sorted = IncomingEvents(submitted, held: { held[$0] }, name: name)
            if let collision = sorted.collisions.first { throw collision.refusal }
            let fresh = sorted.fresh.map { submitted[$0] }
            let checked = partitionExternal(fresh, state: view.state, context: decideContext, name: { name(sorted.fresh[$0]) })
            if let first = checked.rejected.first { throw first.refusal }
            return checked.accepted
        } render: { view, landed in
            try JSONBody.envelope(BatchModel(appended: landed.count, duplicates: submitted.count - landed.count,
                                             last: String(view.state.lastSeq)))
        }
    }

    struct PageModel: Encodable {
        /// The events after the cursor, each its journal line (`seq` included).
        var events: [String]
        /// The cursor to send as `after` next.
        var next: String
        var hasMore: Bool
    }

    /// `GET /events?after=CURSOR&limit=N` (N 1–1000, default 500; the cursor is a sequence number, 0 = from the start).
    @Sendable func list(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let after = try Self.cursor(request.uri.queryParameters["after"])
        let limit = try PageRequest.integer(request, "limit", default: 500, range: 1...1000)
        let page = try await support.store.events(lifter, after: after, limit: limit)
        let model = PageModel(events: page.lines.map(\.line), next: String(page.next), hasMore: page.hasMore)
        return try JSONBody.envelope(model)
    }

    /// `GET /events/stream?after=CURSOR` (or `Last-Event-ID`): every committed event after the
    /// cursor, then each new one as it is committed: `id: <seq>`, `event: <type>`, `data: <line>`.
    @Sendable func stream(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let start = try Self.cursor(request.headers.value(of: .lastEventID).map { Substring($0) } ?? request.uri.queryParameters["after"])
        let store = support.store
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            var cursor = start
            var quiet = Duration.zero
            let changes = store.changes(lifter)
            defer { changes.cancel() }
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                let page = try await store.events(lifter, after: cursor, limit: 1000)
                if !page.lines.isEmpty {
                    try await writer.write(ByteBuffer(string: page.lines.map(Self.frame).joined()))
                    cursor = page.next
                    quiet = .zero
                    if page.hasMore { continue }
                } else if quiet >= Self.heartbeat {
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    quiet = .zero
                }
                // Wake on this store's next commit, or after the poll interval for other writers.
                if await changes.wait(timeout: Self.pollInterval) == nil { quiet += Self.pollInterval }
            }
            try await writer.finish(nil)
        })
    }

    /// One SSE message for a journal line.
    static func frame(_ line: EventFeedPage.Line) -> String {
        "id: \(line.seq)\nevent: \(eventType(of: line.line))\ndata: \(line.line)\n\n"
    }

    /// The `"type"` of a canonical line, without decoding the rest.
    static func eventType(of line: String) -> String {
        guard let range = line.range(of: "\"type\":\"") else { return "message" }
        let rest = line[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return "message" }
        return String(rest[..<end])
    }

    static func cursor(_ text: Substring?) throws -> UInt64 {
        guard let text, !text.isEmpty else { return 0 }
        guard let value = UInt64(text) else {
            throw APIError.validation(field: "after", "\"\(text)\" is not a cursor — send the `next` of the last page, or 0")
        }
        return value
    }
}

extension HTTPField.Name {
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
