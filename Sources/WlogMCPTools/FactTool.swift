import WlogCore

extension ToolSignature {
    /// The tool `record_…` of a recorded fact (`FactForm`), the same on both faces: one input per
    /// field, of its JSON type. `wlog mcp` runs it as `wlog append fact TYPE KEY=VALUE…`, `/mcp` as
    /// the `decide` command `POST /api/v1/facts/{type}` runs.
    public init(fact form: FactForm) {
        self.init(name: form.toolName,
                  description: "Changes the journal: records " + form.type.rawValue + " now. " + form.about,
                  inputs: form.fields.map { field in
                      ToolInput(name: field.name, kind: ToolInput.Kind(field.kind), description: field.about.prefix(1).uppercased()
                                    + field.about.dropFirst() + ".", required: field.isRequired, passedAs: field.name + "=")
                  },
                  writes: true)
    }
}

extension ToolInput.Kind {
    init(_ kind: FactForm.Field.Kind) {
        switch kind {
        case .string: self = .string
        case .integer: self = .integer
        case .number: self = .number
        case .boolean: self = .boolean
        }
    }
}
