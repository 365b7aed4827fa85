import MCP

/// One MCP tool: its name, what it does, its typed inputs, and the `wlog` command it runs.
///
/// Every tool is a `wlog` command run on the lifter's journal (`SiblingWlog`): a read tool prints
/// what `wlog … --format json` prints, byte for byte; a write tool appends through the same
/// `decide` as the command line, so refused input is refused with the field named and nothing
/// appended. Inputs are checked against their declared types first; a string may not start with
/// `-` (it would be read as an option of `wlog`).
struct WlogTool: Sendable {
    /// One input of a tool.
    struct Input: Sendable {
        enum Kind: String, Sendable { case string, integer, number, boolean }

        var name: String
        var kind: Kind
        var description: String
        var required = false
        /// How the value reaches `wlog`: as the next positional argument (nil) or after this option.
        var option: String?
    }

    var name: String
    var description: String
    var inputs: [Input] = []
    /// Whether the tool appends to the journal.
    var writes = false
    /// The command before the inputs, e.g. `["append", "set"]`.
    var command: [String]
    /// Whether the command takes `--format json`.
    var json = true

    /// The MCP description of the tool: a JSON schema of its inputs, and whether it changes the journal.
    var definition: Tool {
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

    /// The `wlog` arguments for `arguments` (after the journal), or the input that is wrong and how to fix it.
    func arguments(_ arguments: [String: Value]) throws(ToolInputError) -> [String] {
        if let unknown = arguments.keys.sorted().first(where: { key in !inputs.contains { $0.name == key } }) {
            let known = inputs.map(\.name).joined(separator: ", ")
            throw ToolInputError("\(name) takes no input `\(unknown)`; its inputs are: \(known.isEmpty ? "none" : known)")
        }
        var result = command
        for input in inputs {
            guard let value = arguments[input.name], value != .null else {
                if input.required { throw ToolInputError("`\(input.name)` is required: \(input.description)") }
                continue
            }
            let text = try Self.text(value, of: input)
            if let option = input.option {
                if input.kind == .boolean { if text == "true" { result.append(option) } } else { result += [option, text] }
            } else {
                result.append(text)
            }
        }
        return json ? result + ["--format", "json"] : result
    }

    /// The value as `wlog` reads it, checked against the input's type.
    private static func text(_ value: Value, of input: Input) throws(ToolInputError) -> String {
        switch (input.kind, value) {
        case let (.string, .string(text)):
            guard !text.isEmpty, !text.hasPrefix("-") else {
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
                + "not \(Self.shown(value)): \(input.description)")
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

/// A tool's input that is refused before `wlog` runs: what is wrong and the fix.
struct ToolInputError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
