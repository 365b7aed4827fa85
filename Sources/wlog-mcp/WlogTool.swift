import MCP
import WlogMCPTools

/// One tool of `wlog mcp`: its signature (name, description, typed inputs) and the `wlog` command it runs.
///
/// Every tool is a `wlog` command run on the lifter's journal (`SiblingWlog`): a read tool prints
/// what `wlog … --format json` prints, byte for byte; a write tool appends through the same
/// `decide` as the command line, so refused input is refused with the field named and nothing
/// appended. Inputs are checked against their declared types first (`ToolSignature`); a string
/// may not start with `-` (it would be read as an option of `wlog`).
struct WlogTool: Sendable {
    typealias Input = ToolInput

    var signature: ToolSignature
    /// The command before the inputs, e.g. `["append", "set"]`.
    var command: [String]
    /// Whether the command takes `--format json`.
    var json: Bool

    init(name: String, description: String, inputs: [Input] = [], writes: Bool = false, command: [String], json: Bool = true) {
        signature = ToolSignature(name: name, description: description, inputs: inputs, writes: writes)
        self.command = command
        self.json = json
    }

    init(signature: ToolSignature, command: [String], json: Bool) {
        self.signature = signature
        self.command = command
        self.json = json
    }

    var name: String { signature.name }
    var definition: Tool { signature.definition }

    /// The `wlog` arguments for `arguments` (after the journal), or the input that is wrong and how to fix it.
    func arguments(_ arguments: [String: Value]) throws(ToolInputError) -> [String] {
        var result = command
        for (input, text) in try signature.values(arguments, optionLike: false) {
            if let option = input.passedAs, option.hasSuffix("=") {
                result.append(option + text)  // a fact's field (`wlog append fact`): KEY=VALUE
            } else if let option = input.passedAs {
                if input.kind == .boolean { if text == "true" { result.append(option) } } else { result += [option, text] }
            } else {
                result.append(text)
            }
        }
        return json ? result + ["--format", "json"] : result
    }
}
