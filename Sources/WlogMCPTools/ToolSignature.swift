import MCP

/// What both MCP faces of wlog share about a tool: its name, description and typed inputs — the
/// JSON schema `tools/list` shows, and the checking of a call's values against it.
///
/// `wlog mcp` (stdio) turns the checked values into a `wlog` command; `/mcp` on `wlog serve` into
/// an API request or a `decide` command. Either way a wrong type, an unknown input or a missing
/// required one is refused here, naming the input, before anything runs.
public struct ToolSignature: Sendable {
    public var name: String
    public var description: String
    public var inputs: [ToolInput]
    /// Whether the tool changes the journal (its description then starts with "Changes the journal").
    public var writes: Bool

    public init(name: String, description: String, inputs: [ToolInput] = [], writes: Bool = false) {
        self.name = name
        self.description = description
        self.inputs = inputs
        self.writes = writes
    }

    /// The MCP description of the tool: a JSON schema of its inputs, and whether it changes the journal.
    public var definition: Tool {
        var properties: [String: Value] = [:]
        for input in inputs {
            properties[input.name] = .object(["type": .string(input.kind.rawValue), "description": .string(input.description)])
        }
        let schema: Value = .object([
            "type": "object", "properties": .object(properties),
            "required": .array(inputs.filter(\.required).map { .string($0.name) }), "additionalProperties": false,
        ])
        return Tool(name: name, description: description, inputSchema: schema,
                    annotations: .init(readOnlyHint: !writes, destructiveHint: writes ? false : nil, idempotentHint: !writes,
                                       openWorldHint: false))
    }

    /// The call's values in the order of `inputs`, each checked against its type and written as
    /// text (`5`, `82.5`, `true`); inputs left out or null are absent.
    ///
    /// - Parameter optionLike: whether a string may start with `-` (refused for `wlog mcp`, where
    ///   it would reach `wlog` as an option such as `--journal=…`).
    public func values(_ arguments: [String: Value], optionLike: Bool = true) throws(ToolInputError) -> [(input: ToolInput, text: String)] {
        if let unknown = arguments.keys.sorted().first(where: { key in !inputs.contains { $0.name == key } }) {
            let known = inputs.map(\.name).joined(separator: ", ")
            throw ToolInputError("\(name) takes no input `\(unknown)`; its inputs are: \(known.isEmpty ? "none" : known)")
        }
        var result: [(input: ToolInput, text: String)] = []
        for input in inputs {
            guard let value = arguments[input.name], value != .null else {
                if input.required { throw ToolInputError("`\(input.name)` is required: \(input.description)") }
                continue
            }
            result.append((input, try Self.text(value, of: input, optionLike: optionLike)))
        }
        return result
    }

    /// The value as text, checked against the input's type.
    private static func text(_ value: Value, of input: ToolInput, optionLike: Bool) throws(ToolInputError) -> String {
        switch (input.kind, value) {
        case let (.string, .string(text)):
            guard !text.isEmpty, optionLike || !text.hasPrefix("-") else {
                throw ToolInputError("`\(input.name)` is \(text.isEmpty ? "empty" : "`\(text)`, which starts with -"): \(input.description)")
            }
            return text
        case let (.integer, .int(number)): return String(number)
        case let (.integer, .double(number)) where number == number.rounded() && abs(number) < 1e15: return String(Int(number))
        case let (.number, .int(number)): return String(number)
        case let (.number, .double(number)) where number.isFinite: return String(number)
        case let (.boolean, .bool(flag)): return flag ? "true" : "false"
        default:
            throw ToolInputError("`\(input.name)` must be \(input.kind == .integer ? "an integer" : "a \(input.kind.rawValue)"), "
                + "not \(shown(value)): \(input.description)")
        }
    }

    private static func shown(_ value: Value) -> String {
        switch value {
        case let .string(text): return "the string \"\(text.prefix(40))\""
        case let .int(number): return "the integer \(number)"
        case let .double(number): return "the number \(number)"
        case let .bool(flag): return "\(flag)"
        case .array: return "an array"
        case .object: return "an object"
        default: return "null"
        }
    }
}

extension CallTool.Result {
    /// A tool's answer: one text (JSON for a read), or what was refused and why.
    public static func answer(_ text: String, isError: Bool) -> CallTool.Result {
        .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError)
    }
}
