import Foundation
import MCP
import WlogSibling

/// The lifter's journal behind the MCP handlers: the tools of `WlogTools`, two resources (the
/// profile and the recent training) and the prompt "review my last week".
struct LifterTools: Sendable {
    let journal: String
    let wlog: SiblingWlog

    static let profileURI = "wlog://profile"
    static let recentURI = "wlog://recent"

    func register(on server: Server) async {
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: WlogTools.all.map(\.definition)) }
        await server.withMethodHandler(CallTool.self) { call in await self.call(call.name, call.arguments ?? [:]) }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: [
                Resource(name: "profile", uri: Self.profileURI, description: "The lifter's settings: unit, zone, e1RM formula, rep maxes tracked.",
                         mimeType: "application/json"),
                Resource(name: "recent training", uri: Self.recentURI, description: "The last 10 workouts (wlog history --limit 10).",
                         mimeType: "application/json"),
            ])
        }
        await server.withMethodHandler(ReadResource.self) { read in
            let command: [String]
            switch read.uri {
            case Self.profileURI: command = ["settings", "show"]
            case Self.recentURI: command = ["history", "--limit", "10"]
            default: throw MCPError.invalidParams("no resource \(read.uri); the resources are \(Self.profileURI) and \(Self.recentURI)")
            }
            let output = try await self.run(command + ["--format", "json"])
            guard output.status == 0 else { throw MCPError.internalError(output.message) }
            return .init(contents: [.text(output.stdout, uri: read.uri, mimeType: "application/json")])
        }
        await server.withMethodHandler(ListPrompts.self) { _ in
            .init(prompts: [Prompt(name: "review_my_last_week", description: "Review the lifter's last week of training with the coach's numbers.")])
        }
        await server.withMethodHandler(GetPrompt.self) { get in
            guard get.name == "review_my_last_week" else {
                throw MCPError.invalidParams("no prompt \(get.name); the prompt is review_my_last_week")
            }
            return .init(description: "Review my last week", messages: [.user(.text(text: try await self.weekReview()))])
        }
    }

    /// The text of "review my last week": the request, and this week's numbers as `wlog` prints them.
    func weekReview() async throws -> String {
        var text = """
            Review my last week of training. Say what went well, what stalled and what to change next week, \
            using only the numbers below and the wlog tools (history, workout, personal_records, e1rm_trend, volume, \
            balance, coach) for anything else.
            """
        for (title, command) in [("Workouts of the last 7 days", ["history", "--limit", "7"]), ("Weekly volume", ["volume", "--weeks", "2"]),
                                 ("Muscle balance", ["balance"]), ("Coach", ["coach"])] {
            let output = try await run(command + ["--format", "json"])
            text += "\n\n\(title) (wlog \(command.joined(separator: " "))):\n" + (output.status == 0 ? output.stdout : output.message)
        }
        return text
    }

    /// Runs a tool: its JSON (or the append's confirmation), or the refusal with the field named.
    func call(_ name: String, _ arguments: [String: Value]) async -> CallTool.Result {
        guard let tool = WlogTools.all.first(where: { $0.name == name }) else {
            return Self.answer("no tool \(name); the tools are: \(WlogTools.all.map(\.name).joined(separator: ", "))", isError: true)
        }
        let command: [String]
        do { command = try tool.arguments(arguments) } catch { return Self.answer(error.message, isError: true) }
        do {
            let output = try await run(command)
            guard output.status == 0 else {
                return Self.answer("refused (wlog exit \(output.status)), nothing was changed: \(output.message)", isError: true)
            }
            return Self.answer(output.stdout, isError: false)
        } catch {
            return Self.answer("cannot run \(wlog.path): \(error)", isError: true)
        }
    }

    /// A tool's answer: one text.
    static func answer(_ text: String, isError: Bool) -> CallTool.Result {
        .init(content: [.text(text: text, annotations: nil, _meta: nil)], isError: isError)
    }

    /// `wlog --journal JOURNAL ARGS`, waited for on a thread of its own (not the cooperative pool).
    private func run(_ arguments: [String]) async throws -> SiblingWlog.Output {
        let wlog = wlog, journal = journal
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try wlog.run(["--journal", journal] + arguments) }) }
        }
    }
}
