import MCP

/// The prompt "review my last week" both MCP faces offer: the request, then the week's numbers.
public enum LastWeekReview {
    public static let name = "review_my_last_week"
    public static let description = "Review the lifter's last week of training with the coach's numbers."
    /// The request the numbers follow.
    public static let request = """
        Review my last week of training. Say what went well, what stalled and what to change next week, \
        using only the numbers below and the wlog tools (history, workout, personal_records, e1rm_trend, volume, \
        balance, coach) for anything else.
        """

    /// Offers the prompt on `server`; `numbers` gives each section's title and text, asked for when the prompt is.
    public static func register(on server: Server, numbers: @escaping @Sendable () async throws -> [(title: String, text: String)]) async {
        await server.withMethodHandler(ListPrompts.self) { _ in .init(prompts: [Prompt(name: name, description: description)]) }
        await server.withMethodHandler(GetPrompt.self) { get in
            guard get.name == name else { throw MCPError.invalidParams("no prompt \(get.name); the prompt is \(name)") }
            let text = try await numbers().reduce(request) { $0 + "\n\n\($1.title):\n" + $1.text }
            return .init(description: "Review my last week", messages: [.user(.text(text: text))])
        }
    }
}
