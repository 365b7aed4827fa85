/// A request's query string as PostgREST reads it, for one table of a schema: `select` (columns
/// and many-to-one embeds), the filters (each `col=op.value`, `or`, `and`, `not.`), `order`,
/// `limit`, `offset`, `on_conflict` and `columns`. Anything PostgREST accepts but wlog does not
/// serve is `0A000`; anything PostgREST would not parse is `PGRST100`; a column the table lacks is
/// `42703`. No parameter is ignored.
struct RESTQuery: Sendable {
    var select: [RESTSelect] = [.star]
    /// All must hold (the query's parameters are and-ed).
    var filters: [RESTFilter] = []
    var order: [RESTOrder] = []
    var limit: Int?
    var offset = 0
    var onConflict: [String]?
    var columns: [String]?

    /// The largest `limit`, `offset` or `in` list accepted (PGRST100 beyond).
    static let maxCount = 1_000_000
    static let maxListItems = 10_000

    init() {}

    /// Parses `items` (decoded `key=value` pairs) for `table` of `schema`.
    init(_ items: [(key: String, value: String)], table: any RESTTable, schema: RESTSchema) throws(RESTError) {
        for (key, value) in items {
            switch key {
            case "select": select = try Self.select(value[...], table: table, schema: schema, depth: 0)
            case "order": order = try Self.order(value, table: table)
            case "limit": limit = try Self.count(value, parameter: "limit")
            case "offset": offset = try Self.count(value, parameter: "offset")
            case "on_conflict": onConflict = try Self.names(value, parameter: "on_conflict", table: table)
            case "columns": columns = try Self.names(value, parameter: "columns", table: table)
            case "and", "or", "not.and", "not.or":
                let negated = key.hasPrefix("not.")
                let isAnd = key.hasSuffix("and")
                guard value.hasPrefix("("), value.hasSuffix(")") else {
                    throw .parse(key, value, "a logic tree is (condition,condition,…)")
                }
                let inner = try RESTTree.split(value.dropFirst().dropLast(), parameter: key)
                let children = try inner.map { (part) throws(RESTError) in try RESTTree.condition(part, table: table, parameter: key, depth: 1) }
                filters.append(isAnd ? .all(children, negated: negated) : .any(children, negated: negated))
            default:
                if key.contains(".") {
                    throw .unsupported("a filter on an embedded resource (\(key))", hint: "filter the table's own columns")
                }
                let column = try table.requireColumn(key)
                filters.append(try RESTTree.test(column: column, value[...], parameter: key))
            }
        }
    }

    static func count(_ text: String, parameter: String) throws(RESTError) -> Int {
        guard let n = Int(text), n >= 0, n <= maxCount else {
            throw .parse(parameter, text, "a whole number from 0 to \(maxCount)")
        }
        return n
    }

    static func names(_ text: String, parameter: String, table: any RESTTable) throws(RESTError) -> [String] {
        var names: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            var name = String(part)
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
            names.append(try table.requireColumn(name).name)
        }
        return names
    }

    static func select(_ text: Substring, table: any RESTTable, schema: RESTSchema, depth: Int) throws(RESTError) -> [RESTSelect] {
        guard depth < 4 else { throw .unsupported("embedding more than 3 levels deep") }
        if text.isEmpty { return [.star] }
        var items: [RESTSelect] = []
        for part in try RESTTree.split(text, parameter: "select") {
            var name = part
            if let open = part.firstIndex(of: "(") {
                guard part.hasSuffix(")") else { throw .parse("select", String(part), "an embed is name(columns)") }
                name = part[..<open]
                let inner = part[part.index(after: open)..<part.index(before: part.endIndex)]
                try unsupportedSyntax(String(name))
                let (via, target) = try schema.relation(from: table, named: String(name))
                items.append(.embed(name: String(name), via: via, items: try select(inner, table: target, schema: schema, depth: depth + 1)))
                continue
            }
            if name == "*" { items.append(.star); continue }
            var plain = String(name)
            if plain.hasPrefix("\""), plain.hasSuffix("\""), plain.count >= 2 { plain = String(plain.dropFirst().dropLast()) }
            try unsupportedSyntax(plain)
            items.append(.column(try table.requireColumn(plain).name))
        }
        return items
    }

    /// Aliases, casts, JSON paths, spreads, hints and aggregates: PostgREST's, not wlog's.
    private static func unsupportedSyntax(_ name: String) throws(RESTError) {
        for (mark, what) in [(":", "renaming or casting a column (alias:col, col::type)"), ("->", "a JSON path (col->key)"),
                             ("...", "spreading an embed (...table())"), ("!", "an embed hint (table!fk, !inner)")]
        where name.contains(mark) {
            throw .unsupported(what + " in select", hint: "select plain columns and name(columns) embeds")
        }
        if name.isEmpty { throw .parse("select", name, "a column name is empty") }
    }

    static func order(_ text: String, table: any RESTTable) throws(RESTError) -> [RESTOrder] {
        var keys: [RESTOrder] = []
        for part in try RESTTree.split(text[...], parameter: "order") {
            if part.contains("(") { throw .unsupported("ordering by an embedded resource's column", hint: "order by the table's own columns") }
            let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
            let column = try table.requireColumn(String(pieces[0]))
            var key = RESTOrder(column: column.name, descending: false, nullsFirst: nil)
            for modifier in pieces.dropFirst() {
                switch modifier {
                case "asc": key.descending = false
                case "desc": key.descending = true
                case "nullsfirst": key.nullsFirst = true
                case "nullslast": key.nullsFirst = false
                default: throw .parse("order", String(part), "\(modifier) is not asc, desc, nullsfirst or nullslast")
                }
            }
            keys.append(key)
        }
        return keys
    }
}

/// One item of `select`.
indirect enum RESTSelect: Sendable, Equatable {
    case star
    case column(String)
    /// A many-to-one embed: `name(items)`, through the column `via` of the outer table.
    case embed(name: String, via: String, items: [RESTSelect])
}

/// One key of `order`.
struct RESTOrder: Sendable, Equatable {
    var column: String
    var descending: Bool
    /// Nil: PostgreSQL's default (nulls last ascending, first descending).
    var nullsFirst: Bool?
}
