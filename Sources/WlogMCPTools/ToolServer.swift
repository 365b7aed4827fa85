import MCP

/// The MCP `Server` both faces of wlog start: its name, capabilities and the instructions an
/// assistant reads first.
public enum ToolServer {
    /// A server named `wlog` offering tools, resources and prompts; `answers` says what a read tool answers.
    public static func make(answers: String) -> Server {
        Server(name: "wlog", version: "1.0.0", title: "wlog: a lifter's training journal",
               instructions: "Tools over one lifter's workout journal. Read tools answer JSON " + answers + "; "
                   + "tools whose description starts with \"Changes the journal\" append to it.",
               capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                                   tools: .init(listChanged: false)))
    }
}
