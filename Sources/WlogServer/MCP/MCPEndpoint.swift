import Foundation
import HTTPTypes
import Hummingbird
import MCP
import WlogMCPTools
import WlogStore

/// `/mcp`: the tools of `wlog mcp` over MCP's streamable HTTP transport, behind the API's bearer
/// auth and rate limits, scoped to the token's lifter (docs/MCP.md).
///
/// Stateless, as the SDK's `StatelessHTTPServerTransport` is: each POST carries one JSON-RPC
/// message and is answered with one JSON body; there is no session and no server-sent stream
/// (GET and DELETE answer 405). Each request gets an MCP server of its own bound to the token's
/// lifter, so two clients never share a server's state and no message can reach another lifter.
struct MCPEndpoint: Sendable {
    let support: RouteSupport
    /// The API's routes without the network, for the read tools.
    let api: RouterResponder<LifterRequestContext>

    func register(on group: RouterGroup<LifterRequestContext>) {
        group.post(use: handle)
        group.get(use: handle)
        group.delete(use: handle)
    }

    @Sendable func handle(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        if let huge = JSONNumberScan.outOfRange(Data(buffer: body)) { return Self.outOfRange(huge) }
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
        }
        let message = MCP.HTTPRequest(method: request.method.rawValue, headers: headers, body: Data(buffer: body), path: request.uri.path)
        let server = ToolServer.make(answers: "as the API's GET answers it (/api/v1, kilograms, UUIDs)")
        await LifterToolbox(lifter: lifter, context: context, api: api, support: support).register(on: server)
        let transport = StatelessHTTPServerTransport(validationPipeline: Self.validation)
        try await server.start(transport: transport)
        let answer = await transport.handleRequest(message)
        await server.stop()
        return Self.response(answer)
    }

    /// The SDK's checks of a request but the origin's: a browser on another origin cannot send the
    /// bearer token without the lifter's help, so the DNS-rebinding guard adds nothing here, and
    /// a server reached by its public name must accept its own origin.
    static let validation = StandardValidationPipeline(validators: [
        AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
    ])

    /// A number no double holds, which the SDK's decoder refuses as a whole (`-32700`, no field):
    /// `-32602` naming the tool's argument (`params.arguments.` left off).
    static func outOfRange(_ huge: (field: String, literal: String)) -> Response {
        let field = huge.field.hasPrefix("params.arguments.") ? String(huge.field.dropFirst("params.arguments.".count)) : huge.field
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("jsonrpc", "2.0")
        json.field("id", nil as String?)
        json.key(text: "error")
        json.beginObject()
        json.field("code", -32602)
        json.field("message", field + ": " + JSONNumberScan.problem(huge.literal))
        json.endObject()
        json.endObject()
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .badRequest, headers: headers, body: .init(byteBuffer: json.buffer))
    }

    static func response(_ answer: MCP.HTTPResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        let body = answer.bodyData ?? Data()
        if !body.isEmpty, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return Response(status: .init(code: answer.statusCode), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
