import Foundation
import HummingbirdTesting
import Testing
@testable import WlogServer
import WlogStore

/// The OpenAPI document (Sources/WlogServer/Resources/openapi.json) is the API's contract: the
/// server embeds it byte for byte, it is OpenAPI 3.1, and it documents exactly the router's routes.
/// (`.ci/run` validates it with openapi-spec-validator and runs schemathesis against a live server.)
@Suite struct OpenAPIDocumentTests {
    static let documentPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WlogServer/Resources/openapi.json").path
    static let methods: Set = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static func document() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: documentPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `"GET /api/v1/workouts/{id}"` for every operation of the document.
    static func documentedRoutes(_ document: [String: Any]) throws -> Set<String> {
        let base = try #require((document["servers"] as? [[String: Any]])?.first?["url"] as? String)
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, item in
            item.keys.filter(methods.contains).map { $0.uppercased() + " " + base + path }
        })
    }

    @Test func embeddedTextIsTheDocumentByteForByte() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: Self.documentPath))
        let embedded = OpenAPIDocument.bytes
        let firstDifference = zip(file, embedded).enumerated().first { $1.0 != $1.1 }?.offset ?? min(file.count, embedded.count)
        #expect(file.count == embedded.count && firstDifference == file.count,
                "openapi.json (\(file.count) bytes) differs from the embedded text (\(embedded.count) bytes) at byte \(firstDifference): rebuild")
        #expect(file.count > 10_000)
    }

    @Test func documentIsOpenAPI31WithTheEnvelopesAndBearerAuth() throws {
        let document = try Self.document()
        #expect(document["openapi"] as? String == "3.1.0")
        #expect((document["servers"] as? [[String: Any]])?.first?["url"] as? String == "/api/v1")
        let components = try #require(document["components"] as? [String: Any])
        let bearer = (components["securitySchemes"] as? [String: Any])?["bearerAuth"] as? [String: Any]
        #expect(bearer?["type"] as? String == "http")
        #expect(bearer?["scheme"] as? String == "bearer")
        let schemas = try #require(components["schemas"] as? [String: Any])
        let error = try #require(schemas["Error"] as? [String: Any])
        #expect(error["required"] as? [String] == ["success", "error"])
        // Every operation: an id, its success status, and 401/429/503 unless it is public.
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operationIDs: [String] = []
        for (path, item) in paths {
            for (method, value) in item where Self.methods.contains(method) {
                let operation = try #require(value as? [String: Any])
                operationIDs.append(try #require(operation["operationId"] as? String, "\(method) \(path)"))
                let statuses = Set(try #require(operation["responses"] as? [String: Any]).keys)
                #expect(statuses.contains { ["200", "201", "204"].contains($0) }, "\(method) \(path)")
                let isPublic = (operation["security"] as? [Any])?.isEmpty == true
                if !isPublic {
                    #expect(statuses.isSuperset(of: ["401", "429", "503"]), "\(method) \(path): \(statuses.sorted())")
                }
            }
        }
        #expect(Set(operationIDs).count == operationIDs.count)
    }

    /// Every `$ref` names a component that exists.
    @Test func everyReferenceResolves() throws {
        let document = try Self.document()
        var references: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.insert(reference) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        let components = try #require(document["components"] as? [String: [String: Any]])
        #expect(references.count > 20)
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 4 && parts[0] == "#" && parts[1] == "components" && components[parts[2]]?[parts[3]] != nil, "\(reference)")
        }
    }

    @Test func documentsExactlyTheRoutersRoutes() async throws {
        let harness = try ServerHarness()
        let store = try JournalStore(root: harness.data)
        let verifier = try await TokenVerifier(hmacSecret: ServerHarness.secret, jwks: nil)
        let router = WlogAPI.router(store: store, verifier: verifier, configuration: harness.configuration)
        // The API's routes (`/healthz` and the web pages are not part of it).
        let routed = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" }
            .filter { $0.contains(" /api/v1/") })
        let documented = try Self.documentedRoutes(try Self.document())
        #expect(documented.subtracting(routed).sorted() == [], "documented but not routed")
        #expect(routed.subtracting(documented).sorted() == [], "routed but not documented")
        #expect(routed.count > 20)
    }

    @Test func servedWithoutATokenAsTheDocumentBytes() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await client.execute(uri: "/api/v1/openapi.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let served = Array(response.body.readableBytesView)
                #expect(served.count == OpenAPIDocument.bytes.count && served == OpenAPIDocument.bytes)
            }
        }
    }
}
