import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// One answer of the API: status, headers, the raw body and the body as JSON.
struct Reply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: String
    var json: JSON?

    /// `data` of a success envelope.
    var data: JSON? { json?["data"] }

    /// The error envelope's `details[0].field`.
    var field: String? { json?["error"]?["details"]?[0]?["field"]?.string }

    var code: String? { json?["error"]?["code"]?.string }
}

/// A client of `/api/v1` over real HTTP, as one lifter (or none).
struct API: Sendable {
    /// Sends one request and gives the answer's head and body.
    typealias Send = @Sendable (String, HTTPRequest.Method, HTTPFields, ByteBuffer?) async throws -> (HTTPResponse, ByteBuffer)
    let send: Send
    var token: String?

    /// Over the harness's client (one keep-alive connection).
    init(client: any TestClientProtocol, token: String?) {
        send = { uri, method, headers, body in
            let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
            return (response.head, response.body)
        }
        self.token = token
    }

    /// Over a connection of its own (`withConnection`).
    init(connection: TestClient, token: String?) {
        send = { uri, method, headers, body in
            var headers = headers
            headers[.connection] = "keep-alive"
            let response = try await connection.execute(.init(uri, method: method, authority: "localhost", headers: headers, body: body))
            return (response.head, response.body ?? ByteBuffer())
        }
        self.token = token
    }

    /// Runs `body` with a new connection to the live server `client` talks to.
    static func withConnection<Value: Sendable>(to client: any TestClientProtocol, token: String?,
                                                _ body: @escaping @Sendable (API) async throws -> Value) async throws -> Value {
        let port = try #require(client.port)
        return try await TestClient.withClient(host: "127.0.0.1", port: port) { try await body(API(connection: $0, token: token)) }
    }

    /// `method path` with an optional JSON body (sent as `application/json` unless `contentType`
    /// says otherwise) and extra headers.
    func call(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil,
              contentType: String? = "application/json", headers extra: HTTPFields = [:]) async throws -> Reply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer " + token }
        if body != nil, let contentType { headers[.contentType] = contentType }
        let uri = path.hasPrefix("/") ? path : "/api/v1/" + path
        let (head, buffer) = try await send(uri, method, headers, body.map { ByteBuffer(string: $0) })
        let text = String(buffer: buffer)
        return Reply(status: head.status, headers: head.headerFields, body: text, json: JSON.parse(Array(text.utf8)))
    }

    func get(_ path: String) async throws -> Reply { try await call(.get, path) }
    func post(_ path: String, _ body: String = "{}", headers: HTTPFields = [:]) async throws -> Reply {
        try await call(.post, path, body, headers: headers)
    }
    func patch(_ path: String, _ body: String) async throws -> Reply { try await call(.patch, path, body) }
    func delete(_ path: String) async throws -> Reply { try await call(.delete, path) }
}

extension Reply {
    /// Expects a success envelope with `status` (and `meta` only when given) and returns `data`.
    @discardableResult
    func success(_ status: HTTPResponse.Status, meta: JSON? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
        #expect(self.status == status, "\(self.status): \(body)", sourceLocation: sourceLocation)
        #expect(headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        var keys: Set<String> = ["success", "data"]
        if meta != nil { keys.insert("meta") }
        #expect(Set(json?.object?.keys.map { $0 } ?? []) == keys, "\(body)", sourceLocation: sourceLocation)
        #expect(json?["success"] == true, sourceLocation: sourceLocation)
        if let meta { #expect(json?["meta"] == meta, sourceLocation: sourceLocation) }
        return data ?? .null
    }

    /// Expects an error envelope: `status`, `code` and, when given, the field of its first detail.
    func failure(_ status: HTTPResponse.Status, _ code: String, field: String? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(self.status): \(body)", sourceLocation: sourceLocation)
        #expect(json?["success"] == false, "\(body)", sourceLocation: sourceLocation)
        #expect(Set(json?.object?.keys.map { $0 } ?? []) == ["success", "error"], sourceLocation: sourceLocation)
        #expect(Set(json?["error"]?.object?.keys.map { $0 } ?? []) == ["code", "message", "details"], sourceLocation: sourceLocation)
        #expect(self.code == code, "\(body)", sourceLocation: sourceLocation)
        #expect((json?["error"]?["message"]?.string ?? "").isEmpty == false, sourceLocation: sourceLocation)
        if let field { #expect(self.field == field, "\(body)", sourceLocation: sourceLocation) }
    }
}

