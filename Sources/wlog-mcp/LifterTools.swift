import Foundation
import MCP
import WlogMCPTools
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
        await LastWeekReview.register(on: server) {
            var sections: [(title: String, text: String)] = []
            for (title, command) in [("Workouts of the last 7 days", ["history", "--limit", "7"]), ("Weekly volume", ["volume", "--weeks", "2"]),
                                     ("Muscle balance", ["balance"]), ("Coach", ["coach"])] {
                let output = try await self.run(command + ["--format", "json"])
                sections.append(("\(title) (wlog \(command.joined(separator: " ")))", output.status == 0 ? output.stdout : output.message))
            }
            return sections
        }
    }

    /// Runs a tool: its JSON (or the append's confirmation), or the refusal with the field named.
    func call(_ name: String, _ arguments: [String: Value]) async -> CallTool.Result {
        guard let tool = WlogTools.all.first(where: { $0.name == name }) else {
            return CallTool.Result.answer("no tool \(name); the tools are: \(WlogTools.all.map(\.name).joined(separator: ", "))", isError: true)
        }
        let command: [String]
        do { command = try tool.arguments(arguments) } catch { return CallTool.Result.answer(error.message, isError: true) }
        do {
            let output = try await run(command)
            guard output.status == 0 else {
                return CallTool.Result.answer("refused (wlog exit \(output.status)), nothing was changed: \(output.message)", isError: true)
            }
            return CallTool.Result.answer(output.stdout, isError: false)
        } catch {
            return CallTool.Result.answer("cannot run \(wlog.path): \(error)", isError: true)
        }
    }


    /// `wlog --journal JOURNAL ARGS`, waited for on a thread of its own (not the cooperative pool).
    private func run(_ arguments: [String]) async throws -> SiblingWlog.Output {
        let wlog = wlog, journal = journal
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try wlog.run(["--journal", journal] + arguments) }) }
        }
    }
}
