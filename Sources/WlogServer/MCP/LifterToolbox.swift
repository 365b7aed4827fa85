import Hummingbird
import MCP
import WlogCore
import WlogMCPTools
import WlogStore

/// The token's lifter behind one `/mcp` request's MCP server: the tools of `APITools`, the
/// resource of recent training and the prompt "review my last week".
///
/// The lifter is the one the bearer token named (`context`); nothing in a message can name
/// another, so another lifter's id answers exactly as an unknown one (404 in the answer's text).
struct LifterToolbox: Sendable {
    let lifter: LifterID
    let context: LifterRequestContext
    /// The API's routes without the network (`WlogAPI.routes`).
    let api: RouterResponder<LifterRequestContext>
    let support: RouteSupport

    static let recentURI = "wlog://recent"

    func register(on server: Server) async {
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: APITools.all.map(\.signature.definition)) }
        await server.withMethodHandler(CallTool.self) { call in await self.call(call.name, call.arguments ?? [:]) }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: [Resource(name: "recent training", uri: Self.recentURI,
                                       description: "The last 10 workouts (GET /api/v1/workouts?pageSize=10).", mimeType: "application/json")])
        }
        await server.withMethodHandler(ReadResource.self) { read in
            guard read.uri == Self.recentURI else { throw MCPError.invalidParams("no resource \(read.uri); the resource is \(Self.recentURI)") }
            let answer = try await ResponseCollector.get("workouts?pageSize=10", api: api, context: context)
            guard answer.status == 200 else { throw MCPError.internalError(answer.body) }
            return .init(contents: [.text(answer.body, uri: read.uri, mimeType: "application/json")])
        }
        await LastWeekReview.register(on: server) {
            var sections: [(title: String, text: String)] = []
            for (title, target) in [("Workouts, newest first", "workouts?pageSize=7"), ("Today and this week", "today"),
                                    ("Muscle balance", "balance"), ("Coach", "coach")] {
                sections.append(("\(title) (GET /api/v1/\(target))", try await ResponseCollector.get(target, api: api, context: context).body))
            }
            return sections
        }
    }

    /// Runs a tool: the API's answer (JSON), or its error envelope when refused — nothing changed.
    func call(_ name: String, _ arguments: [String: Value]) async -> CallTool.Result {
        guard let tool = APITools.all.first(where: { $0.signature.name == name }) else {
            return .answer("no tool \(name); the tools are: \(APITools.all.map(\.signature.name).joined(separator: ", "))", isError: true)
        }
        let values: [(input: ToolInput, text: String)]
        do { values = try tool.signature.values(arguments) } catch { return .answer(error.message, isError: true) }
        do {
            let answer: (status: Int, body: String)
            switch tool.action {
            case .read(let template):
                answer = try await ResponseCollector.get(APITool.target(template, values), api: api, context: context)
            case let .write(fields, decide, render):
                answer = try await ResponseCollector.collect(try await write(Dictionary(values.map { ($0.input.name, $0.text) }) { $1 },
                                                                             fields: fields, decide: decide, render: render))
            }
            return .answer(answer.body, isError: !(200..<300).contains(answer.status))
        } catch {
            return .answer("the server failed to answer; nothing was changed", isError: true)
        }
    }

    /// A write tool's command through the lifter's store (the same `decide`, lock and `fsync` as
    /// the API's writes); a refusal or another failure answers the API's error envelope.
    private func write(_ values: APITool.Values, fields: [String: String],
                       decide command: @escaping @Sendable (APITool.Values, LifterView) throws -> Command,
                       render: @escaping @Sendable (APITool.Values, LifterView, [Event], Instant) throws -> Response) async throws -> Response {
        let now = support.now()
        do {
            return try await support.store.write(lifter, at: now, actor: "mcp", fixedIDs: []) { view, decideContext in
                try decide(try command(values, view), state: view.state, context: decideContext)
            } render: { view, events in
                try render(values, view, events, now)
            }
        } catch StoreError.refused(let refusal) {
            return try APIError.refused(refusal, field: fields[refusal.field] ?? refusal.field).response()
        } catch {
            return try EnvelopeMiddleware.apiError(error, logger: context.logger).response()
        }
    }
}
