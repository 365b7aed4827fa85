/// A recorded fact's form: its fields by name and JSON type, derived from its event's description
/// (`EventDescription.isFact`, its members), for the ways in that take a fact's members by name —
/// `wlog append fact TYPE key=value…`, `POST /api/v1/facts/{type}` and the MCP tools `record_…` on
/// both faces. A new `RecordedFact` with a described payload reaches every one of them with no
/// line of its own (docs/ARCHITECTURE.md, "Add an event type").
///
/// `fact(_:)` writes the values as the members of a line and reads it with the journal's own
/// reader, so a value is held to exactly what a line of the type may hold; the fact's rule
/// (`RecordedFact.check`) then runs in `decide`, as for the CLI's own command.
public struct FactForm: Sendable {
    /// One field: a member of the payload.
    public struct Field: Sendable {
        /// The JSON type of the value (and the MCP input's type).
        public enum Kind: String, Sendable { case string, integer, number, boolean }

        /// The member's key in the line (`group`, `duration_ms`).
        public let name: String
        public let kind: Kind
        public let isRequired: Bool
        /// What the value is, e.g. "a rating, 1 to 5".
        public let about: String
        let memberKind: PayloadMemberKind
    }

    /// The event type the fact becomes.
    public let type: EventType
    /// What the fact records (`EventDescription.about`).
    public let about: String
    public let fields: [Field]

    /// Every recorded fact's form, in the catalogue's order.
    public static let all: [FactForm] = EventType.allCases.compactMap(FactForm.init(type:))

    /// The form of the type named `name` (`soreness.recorded`), if it is a recorded fact.
    public static func named(_ name: String) -> FactForm? { all.first { $0.type.rawValue == name } }

    /// The names of every form, for a message listing them.
    public static var namesText: String { all.map(\.type.rawValue).joined(separator: ", ") }

    /// The MCP tool's name: `record_` and the type with `_` for `.` (`record_soreness_recorded`).
    public var toolName: String { "record_" + type.rawValue.split(separator: ".").joined(separator: "_") }

    init?(type: EventType) {
        let described = type.described
        guard described.isFact, let members = described.members else { return nil }
        var fields: [Field] = []
        for member in members {
            // A member no single text states (an array) keeps the type off these ways in.
            guard let kind = Self.kind(of: member.kind) else { return nil }
            fields.append(Field(name: member.key.rawValue, kind: kind, isRequired: member.isRequired,
                                about: Self.about(member.kind), memberKind: member.kind))
        }
        self.type = type
        about = described.about
        self.fields = fields
    }

    /// The fact the values state: each value as text (`4`, `8.5`, `true`, `Legs`) under its
    /// field's name. Refused, naming the field, for a name the form lacks, a required field left
    /// out, or a value the type's line could not hold.
    public func fact(_ values: [String: String]) throws(Refusal) -> any RecordedFact {
        if let unknown = values.keys.sorted().first(where: { name in !fields.contains { $0.name == name } }) {
            throw Refusal(field: unknown, value: values[unknown] ?? "", problem: "is not a field of " + type.rawValue,
                          allowed: "its fields are " + fields.map(\.name).joined(separator: ", "))
        }
        var line = "{\"id\":\"00000000000000000000000000000001\",\"type\":\"" + type.rawValue + "\",\"at\":\"1970-01-01T00:00:00.000Z\""
        for field in fields {
            guard let text = values[field.name] else {
                if field.isRequired {
                    throw Refusal(field: field.name, value: "nothing", problem: "is required", allowed: field.about)
                }
                continue
            }
            guard let literal = Self.literal(text, field) else {
                throw Refusal(field: field.name, value: text, allowed: field.about)
            }
            if !literal.isEmpty { line += ",\"" + field.name + "\":" + literal }
        }
        line += "}"
        let event: Event
        do {
            event = try EventCodec.decode(line)
        } catch {
            let name = error.key ?? type.rawValue
            throw Refusal(field: name, value: values[name] ?? "", allowed: fields.first { $0.name == name }?.about ?? error.expected)
        }
        guard let fact = event.payload.value as? any RecordedFact else {
            throw Refusal(field: "type", value: type.rawValue, problem: "is not a recorded fact", allowed: Self.namesText)
        }
        return fact
    }

    /// The value as a JSON literal of the field's kind ("" for a flag that is false: the line omits
    /// it), or nil when the text is not of that kind.
    private static func literal(_ text: String, _ field: Field) -> String? {
        switch field.kind {
        case .string: return JSONString.quoted(text)
        case .integer: return Int64(text).map { String($0) }
        case .number: return Double(text).flatMap { $0.isFinite ? String($0) : nil }
        case .boolean: return text == "true" ? "true" : text == "false" ? "" : nil
        }
    }

    private static func kind(of member: PayloadMemberKind) -> Field.Kind? {
        switch member {
        case .id, .string, .massUnit: .string
        case .rating, .int: .integer
        case .rpe: .number
        case .flag: .boolean
        case .strings, .ints: nil
        }
    }

    private static func about(_ member: PayloadMemberKind) -> String {
        switch member {
        case .id: "an event id, 32 hex digits"
        case .string: "text"
        case .rating: "a rating, a whole number 1 to 5"
        case .rpe: "an RPE, 1 to 10 in steps of 0.5"
        case .flag: "true or false"
        case .int: "a whole number"
        case .strings: "texts"
        case .ints: "whole numbers"
        case .massUnit: "kg or lb"
        }
    }
}
