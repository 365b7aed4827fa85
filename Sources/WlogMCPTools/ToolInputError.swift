/// A tool's input refused before the tool runs: what is wrong, and the fix.
public struct ToolInputError: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
