import Hummingbird
import NIOCore
import ServiceLifecycle
import WlogCore
import WlogStore

/// `GET /monitor/events`: the monitor's live feed, authenticated by the session cookie (a
/// browser's EventSource cannot send a bearer header). Server-Sent Events: each time the
/// lifter's stream grows, one `event: fragment` with `id: <last seq>` and the re-rendered
/// workout fragment as `data:`; a browser reconnecting sends `Last-Event-ID` and gets a fragment
/// only if something changed since.
///
/// It waits on the store's change feed (`LifterStore.changes`: woken at once by commits through
/// this server) or `EventRoutes.pollInterval` (1 s), when the read catches up with lines another
/// writer (the CLI) appended; a comment line every `EventRoutes.heartbeat` keeps idle connections
/// open and notices a closed one.
struct MonitorStream: Sendable {
    let support: RouteSupport

    @Sendable func stream(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let store = support.store, now = support.now
        let resumed = request.headers.value(of: .lastEventID).flatMap { UInt64($0) }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let changes = store.changes(lifter)
            defer { changes.cancel() }
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            var shown = resumed
            var quiet = Duration.zero
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                let seen = shown
                let update = try await store.read(lifter) { view -> (seq: UInt64, html: String)? in
                    view.state.lastSeq == seen ? nil : (view.state.lastSeq, MonitorPage.fragment(view, now: now()))
                }
                if let update {
                    try await writer.write(ByteBuffer(string: Self.frame(seq: update.seq, html: update.html)))
                    shown = update.seq
                    quiet = .zero
                } else if quiet >= EventRoutes.heartbeat {
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    quiet = .zero
                }
                // Wake on this store's next commit, or after the poll interval for other writers.
                if await changes.wait(timeout: EventRoutes.pollInterval) == nil { quiet += EventRoutes.pollInterval }
            }
            try await writer.finish(nil)
        })
    }

    /// One SSE message: every line of the fragment its own `data:` line.
    static func frame(seq: UInt64, html: String) -> String {
        "id: \(seq)\nevent: fragment\n" + html.split(separator: "\n", omittingEmptySubsequences: false).map { "data: " + $0 + "\n" }.joined() + "\n"
    }
}
