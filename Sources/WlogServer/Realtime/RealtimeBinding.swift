import WlogCore

/// One `postgres_changes` binding of a `phx_join`: which changes of which table a channel
/// receives, under the id the join reply gives it.
struct RealtimeBinding: Sendable {
    /// The kinds of change, as `type` names them.
    enum Kind: String, Sendable, CaseIterable {
        case insert = "INSERT", update = "UPDATE", delete = "DELETE"
    }

    /// The id the join reply echoes and each `postgres_changes` lists (an int, never 0).
    let id: Int
    /// The binding's `event`: one kind, or nil for `*`.
    let kind: Kind?
    let table: RealtimeTable
    /// The binding's `schema` as the client sent it (nil: `public`); the reply echoes it.
    let schema: String?
    /// The binding's `filter` as the client sent it (the reply echoes it unchanged).
    let filter: String?
    /// The parsed filter: the column and the text its value must equal.
    let equals: (column: String, value: String)?

    /// The binding `object` describes, or an error naming the field, the value and the fix.
    init(_ object: JSONObject, id: Int) throws(RealtimeError) {
        self.id = id
        guard case .string(let event)? = object["event"] else {
            throw .binding("each postgres_changes binding needs an event: INSERT, UPDATE, DELETE or *")
        }
        if event == "*" { kind = nil } else {
            guard let kind = Kind(rawValue: event) else {
                throw .binding("event \"\(event)\" is not INSERT, UPDATE, DELETE or *")
            }
            self.kind = kind
        }
        schema = object["schema"]?.stringValue
        guard case .string(let name)? = object["table"] else {
            throw .binding("each postgres_changes binding needs a table (wlog publishes no schema-wide binding)")
        }
        table = try RealtimeCatalog.table(schema: schema ?? "public", name: name)
        switch object["filter"] {
        case nil, .null?:
            filter = nil
            equals = nil
        case .string(let text)?:
            filter = text
            equals = try Self.parseFilter(text, table: table)
        default:
            throw .binding("filter must be a string \"column=eq.value\"")
        }
    }

    /// `column=eq.value` with `column` one of the table's.
    static func parseFilter(_ text: String, table: RealtimeTable) throws(RealtimeError) -> (column: String, value: String) {
        guard let equal = text.firstIndex(of: "=") else {
            throw .binding("filter \"\(text)\" is not column=eq.value")
        }
        let column = String(text[..<equal])
        let rest = text[text.index(after: equal)...]
        guard rest.hasPrefix("eq.") else {
            throw .binding("filter \"\(text)\": only eq is supported (column=eq.value)")
        }
        if let names = table.columnNames, !names.contains(column) {
            throw .binding("filter \"\(text)\": \(table.name) has no column \(column) (columns: \(names.joined(separator: ", ")))")
        }
        return (column, String(rest.dropFirst(3)))
    }

    /// Whether a change of `kind` to a row (`record`, else `oldRecord` for a delete) reaches
    /// this binding.
    func matches(_ kind: Kind, table: RealtimeTable, row: JSONObject?) -> Bool {
        guard table.schema == self.table.schema, table.name == self.table.name, self.kind == nil || self.kind == kind else { return false }
        guard let equals else { return true }
        guard let value = row?[equals.column] else { return false }
        return Self.value(value, equals: equals.value)
    }

    /// Whether a row's JSON value equals a filter's text as PostgreSQL would compare it
    /// (a uuid in any case, a number by value).
    static func value(_ value: JSONValue, equals text: String) -> Bool {
        switch value {
        case .string(let s): return s == text || s.lowercased() == text.lowercased() && RESTValue.canonicalUUID(s) != nil
        case .number(let n): return Double(n).map { Double(text) == $0 } ?? false
        case .bool(let b): return text == (b ? "true" : "false")
        case .null: return text == "null"
        default: return false
        }
    }

    /// The binding as the join reply gives it back: the client's fields and the id.
    func reply(into json: inout JSONWriter) {
        json.beginObject()
        json.key(text: "id"); json.int(id)
        json.key(text: "event"); json.string(kind?.rawValue ?? "*")
        json.key(text: "schema")
        if let schema { json.string(schema) } else { json.null() }
        json.key(text: "table"); json.string(table.name)
        if let filter { json.key(text: "filter"); json.string(filter) }
        json.endObject()
    }
}
