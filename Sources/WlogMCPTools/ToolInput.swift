/// One typed input of an MCP tool, as its JSON schema declares it and as a call's value is checked.
public struct ToolInput: Sendable {
    /// The JSON type the value must have.
    public enum Kind: String, Sendable { case string, integer, number, boolean }

    public var name: String
    public var kind: Kind
    public var description: String
    public var required: Bool
    /// The option (`wlog mcp`: `--limit`) or query parameter (`/mcp`: `pageSize`) that carries the
    /// value; nil when the tool places it itself (a positional argument, a path segment).
    public var passedAs: String?

    public init(name: String, kind: Kind, description: String, required: Bool = false, passedAs: String? = nil) {
        self.name = name
        self.kind = kind
        self.description = description
        self.required = required
        self.passedAs = passedAs
    }
}
