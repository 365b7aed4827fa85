import Hummingbird
import NIOCore

/// A response's body gathered into one buffer: how `/mcp` reads the answer of an API route it
/// called in-process.
final class ResponseCollector {
    private(set) var buffer = ByteBuffer()

    /// The status and body of `response`.
    static func collect(_ response: Response) async throws -> (status: Int, body: String) {
        let collector = ResponseCollector()
        _ = try await response.body.write(Writer(collector: collector))
        return (Int(response.status.code), String(buffer: collector.buffer))
    }

    /// `GET /api/v1/TARGET` through `api` as the lifter of `context`: the route, its middleware
    /// and its answer exactly as over the network, without the network.
    static func get(_ target: String, api: RouterResponder<LifterRequestContext>, context: LifterRequestContext) async throws -> (status: Int, body: String) {
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/api/v1/" + target)
        return try await collect(try await api.respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), context: context))
    }

    private struct Writer: ResponseBodyWriter {
        let collector: ResponseCollector

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collector.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
