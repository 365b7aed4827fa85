import Hummingbird
import WlogCore
import WlogStore

/// `POST /facts/{type}`: any recorded fact (`FactForm`: `soreness.recorded`, `pain.reported` …),
/// its body the fact's fields as a JSON object (`{"group":"Legs","soreness":4}`), recorded now
/// through the same `decide` and rule as the CLI's command. A new recorded fact is accepted here
/// with no line of its own (docs/ARCHITECTURE.md, "Add an event type").
struct FactRoutes: Sendable {
    let support: RouteSupport

    func register(on api: RouterGroup<LifterRequestContext>) {
        api.post("facts/:type", use: record)
    }

    /// A field's JSON value as a fact's form takes it: its text and its JSON type.
    struct Value: Decodable {
        var text: String?
        var kind: FactForm.Field.Kind?

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() { return }
            if let flag = try? value.decode(Bool.self) {
                (text, kind) = (flag ? "true" : "false", .boolean)
            } else if let whole = try? value.decode(Int64.self) {
                (text, kind) = (String(whole), .integer)
            } else if let number = try? value.decode(Double.self) {
                (text, kind) = (String(number), .number)
            } else if let string = try? value.decode(String.self) {
                (text, kind) = (string, .string)
            } else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: decoder.codingPath,
                                                                    debugDescription: "a fact's field is a string, number or boolean"))
            }
        }
    }

    @Sendable func record(_ request: Request, context: LifterRequestContext) async throws -> Response {
        let lifter = try context.requireLifter()
        let name = try support.parameter(context, "type")
        guard let form = FactForm.named(name) else {
            throw APIError.validation(field: "type", "\"\(name)\" is not a recorded fact — send one of: \(FactForm.namesText)")
        }
        let body = try await JSONBody.decode([String: Value].self, from: request, context: context)
        var values: [String: String] = [:]
        for (key, value) in body {
            guard let text = value.text, let kind = value.kind else { continue }
            if let field = form.fields.first(where: { $0.name == key }), field.kind != kind,
               !(field.kind == .number && kind == .integer) {
                throw APIError.validation(field: key, "must be a JSON \(field.kind.rawValue) — \(field.about)")
            }
            values[key] = text
        }
        let stated = values
        return try await RouteSupport.naming([:]) {
            try await support.store.write(lifter, at: support.now(), actor: "api", fixedIDs: []) { view, decideContext in
                try decide(.record(try form.fact(stated)), state: view.state, context: decideContext)
            } render: { _, events in
                try Self.answer(events, type: form.type)
            }
        }
    }

    /// The answer to a recorded fact: 201 with its `id`, `type` and `event` (its journal line, as
    /// `GET /events` gives it).
    static func answer(_ events: [Event], type: EventType) throws -> Response {
        guard let event = events.first else { throw APIError.notFound(type.rawValue) }
        var line = EventCodec.encodeString(event)
        if line.hasSuffix("\n") { line.removeLast() }
        return try JSONBody.envelope(["id": APIID.text(event.id), "type": type.rawValue, "event": line], status: .created)
    }
}
