import Foundation
import Hummingbird
import WlogCore
import WlogMCPTools
import WlogStore

/// One tool of `/mcp` on `wlog serve`: its signature (shared with `wlog mcp`'s way of checking
/// inputs) and what it does with the token's lifter.
///
/// A read tool is one GET of the API, answered with the API's body byte for byte; a write tool is
/// one command for the same `decide` the API's routes run, answered as the API answers that write.
/// Either way the tool speaks the API's language: kilograms, UUIDs, ISO 8601 instants.
struct APITool: Sendable {
    /// A call's checked inputs by name, as text (`ToolSignature.values`).
    typealias Values = [String: String]

    enum Action: Sendable {
        /// `GET /api/v1/PATH`: `{name}` in the path is replaced by that input; the inputs with a
        /// `passedAs` become query parameters of that name.
        case read(String)
        /// A command for `decide` and the answer to render (given the events appended and the
        /// request's instant). `fields` names the tool's inputs for
        /// the engine's fields (`set.reps` → `reps`) in a refusal.
        case write(fields: [String: String], decide: @Sendable (Values, LifterView) throws -> Command,
                   render: @Sendable (Values, LifterView, [Event], Instant) throws -> Response)
    }

    var signature: ToolSignature
    var action: Action

    init(signature: ToolSignature, action: Action) {
        self.signature = signature
        self.action = action
    }

    init(_ name: String, _ description: String, inputs: [ToolInput] = [], get path: String) {
        signature = ToolSignature(name: name, description: description, inputs: inputs)
        action = .read(path)
    }

    init(_ name: String, _ description: String, inputs: [ToolInput], fields: [String: String],
         decide: @escaping @Sendable (Values, LifterView) throws -> Command,
         render: @escaping @Sendable (Values, LifterView, [Event], Instant) throws -> Response) {
        signature = ToolSignature(name: name, description: description, inputs: inputs, writes: true)
        action = .write(fields: fields, decide: decide, render: render)
    }

    /// The API path and query a read tool asks for (`workouts/8c1f…?pageSize=5`), values percent-encoded.
    static func target(_ template: String, _ values: [(input: ToolInput, text: String)]) -> String {
        var path = template
        var query: [String] = []
        for (input, text) in values {
            if let parameter = input.passedAs {
                query.append(parameter + "=" + text.percentEncoded)
            } else {
                path = path.replacingOccurrences(of: "{" + input.name + "}", with: text.percentEncoded)
            }
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }
}

extension APITool.Values {
    func number(_ name: String) -> Double? { self[name].flatMap(Double.init) }
    func integer(_ name: String) -> Int? { self[name].flatMap { Int($0) } }
    func flag(_ name: String) -> Bool { self[name] == "true" }
}

extension String {
    /// The text as one path segment or query value: everything but RFC 3986's unreserved
    /// characters percent-encoded (what the router and `queryParameters` decode).
    var percentEncoded: String { addingPercentEncoding(withAllowedCharacters: .unreserved) ?? self }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters: ASCII letters and digits, `-`, `.`, `_`, `~`.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
