import Foundation
import Testing

/// Every error the Treoir API can answer is in the OpenAPI document (issue 31): each `code` the
/// server's sources give an `APIError`, and the statuses 409, 413, 415, 422 and 503 wherever an
/// operation can answer them.
@Suite struct OpenAPIErrorCodesTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WlogServer")

    /// The codes the sources give an error of `/api/v1` (`code: "X"`, `.code = "X"`): every
    /// Swift file of WlogServer but the web pages' and Realtime's (their errors are not the
    /// API's; PostgREST and Supabase Auth speak their own shapes without these literals).
    static func emittedCodes() throws -> [String: [String]] {
        var codes: [String: [String]] = [:]
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try NSRegularExpression(pattern: #"(?:code: |\.code = )"([A-Z][A-Z_]+)""#)
        for case let file as URL in files where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard !relative.hasPrefix("Web/"), !relative.hasPrefix("Realtime/") else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                codes[String(text[range]), default: []].append(relative)
            }
        }
        return codes
    }

    /// The document's list of codes (the `Error` schema's `code`) and the responses' descriptions.
    static func documentedText(_ document: [String: Any]) throws -> (codeList: String, responses: [String: String]) {
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let error = try #require((schemas["Error"] as? [String: Any])?["properties"] as? [String: Any])
        let code = try #require(((error["error"] as? [String: Any])?["properties"] as? [String: Any])?["code"] as? [String: Any])
        let responses = try #require(components["responses"] as? [String: [String: Any]])
        return (try #require(code["description"] as? String), responses.compactMapValues { $0["description"] as? String })
    }

    @Test func everyCodeTheServerGivesIsDocumented() throws {
        let emitted = try Self.emittedCodes()
        // The scan finds the codes (a broken pattern would find none and pass).
        #expect(emitted.keys.count >= 14, "\(emitted.keys.sorted())")
        for known in ["VALIDATION_ERROR", "ROUTINE_EXISTS", "JOURNAL_DAMAGED", "IDEMPOTENCY_KEY_REUSED"] {
            #expect(emitted[known] != nil, "\(known) not found in the sources")
        }
        let (codeList, responses) = try Self.documentedText(try OpenAPIDocumentTests.document())
        for (code, files) in emitted.sorted(by: { $0.key < $1.key }) {
            #expect(codeList.contains("\(code) ("), "the Error schema's code list lacks \(code) (given in \(files))")
            let status = responses.filter { $0.value.contains("`\(code)`") }.map(\.key)
            #expect(!status.isEmpty || code == "INTERNAL_ERROR" || code == "METHOD_NOT_ALLOWED",
                    "no response of components.responses describes `\(code)` (given in \(files))")
        }
    }

    /// 409 on every write (an id taken, a concurrent write); 400, 413 and 415 on every body; 422
    /// on each create that compares a retried `Idempotency-Key`; 503 on every operation but the
    /// document itself.
    @Test func theStatusesAreOnEveryOperationThatCanAnswerThem() throws {
        let document = try OpenAPIDocumentTests.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var missing: [String] = []
        var idempotent422: Set<String> = []
        for (path, item) in paths {
            for (method, value) in item where OpenAPIDocumentTests.methods.contains(method) {
                let operation = try #require(value as? [String: Any])
                let statuses = Set(try #require(operation["responses"] as? [String: Any]).keys)
                var needed: [String] = path == "/openapi.json" ? [] : ["503"]
                if operation["requestBody"] != nil { needed += ["400", "413", "415"] }
                if method != "get" { needed.append("409") }
                for status in needed where !statuses.contains(status) { missing.append("\(method.uppercased()) \(path): \(status)") }
                if statuses.contains("422"), let id = operation["operationId"] as? String { idempotent422.insert(id) }
            }
        }
        #expect(missing == [])
        #expect(idempotent422.isSuperset(of: ["createWorkout", "startRoutine", "logSet", "createRoutine"]), "\(idempotent422.sorted())")
        let responses = try Self.documentedText(document).responses
        for (name, code) in [("Conflict", "CONFLICT"), ("PayloadTooLarge", "PAYLOAD_TOO_LARGE"), ("UnsupportedMediaType", "UNSUPPORTED_MEDIA_TYPE"),
                             ("UnprocessableContent", "IDEMPOTENCY_KEY_REUSED"), ("ServiceUnavailable", "JOURNAL_DAMAGED")] {
            #expect(responses[name]?.contains("`\(code)`") == true, "\(name)")
        }
    }
}
