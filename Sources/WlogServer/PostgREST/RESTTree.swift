/// PostgREST's filter grammar: `op.value`, `not.op.value`, `in.(a,"b,c")`, and the logic trees of
/// `or=(…)`/`and=(…)` with `col.op.value`, `and(…)`, `or(…)`, `not.and(…)` items.
enum RESTTree {
    /// `text` split at the commas outside parentheses and double quotes (`\` escapes in quotes).
    static func split(_ text: Substring, parameter: String) throws(RESTError) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0, quoted = false, escaped = false
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if quoted {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
            } else {
                switch c {
                case "\"": quoted = true
                case "(": depth += 1
                case ")":
                    depth -= 1
                    if depth < 0 { throw .parse(parameter, String(text), "a ) closes no (") }
                case ",":
                    if depth == 0 {
                        parts.append(text[start..<index])
                        start = text.index(after: index)
                    }
                default: break
                }
            }
            index = text.index(after: index)
        }
        if quoted { throw .parse(parameter, String(text), "a double quote is not closed") }
        if depth != 0 { throw .parse(parameter, String(text), "a ( is not closed") }
        parts.append(text[start..<text.endIndex])
        for part in parts where part.isEmpty { throw .parse(parameter, String(text), "an item is empty") }
        return parts
    }

    /// One condition of a logic tree.
    static func condition(_ text: Substring, table: any RESTTable, parameter: String, depth: Int) throws(RESTError) -> RESTFilter {
        guard depth <= RESTFilter.maxDepth else {
            throw .parse(parameter, String(text.prefix(40)), "and/or nested more than \(RESTFilter.maxDepth) deep")
        }
        var rest = text
        var negated = false
        if rest.hasPrefix("not.and(") || rest.hasPrefix("not.or(") {
            negated = true
            rest = rest.dropFirst(4)
        }
        for (word, isAnd) in [("and(", true), ("or(", false)] where rest.hasPrefix(word) {
            guard rest.hasSuffix(")") else { throw .parse(parameter, String(text), "\(word)…) is not closed") }
            let inner = try split(rest.dropFirst(word.count).dropLast(), parameter: parameter)
            let children = try inner.map { (part) throws(RESTError) in
                try condition(part, table: table, parameter: parameter, depth: depth + 1)
            }
            return isAnd ? .all(children, negated: negated) : .any(children, negated: negated)
        }
        guard let dot = text.firstIndex(of: ".") else { throw .parse(parameter, String(text), "a condition is column.operator.value") }
        let name = String(text[..<dot])
        if name.contains("(") || name.contains(")") { throw .parse(parameter, String(text), "a condition is column.operator.value") }
        let column = try table.requireColumn(name)
        return try test(column: column, text[text.index(after: dot)...], parameter: parameter, inTree: true)
    }

    /// `[not.]op.value` on `column`.
    static func test(column: RESTColumn, _ text: Substring, parameter: String, inTree: Bool = false) throws(RESTError) -> RESTFilter {
        var rest = text
        var negated = false
        if rest.hasPrefix("not.") {
            negated = true
            rest = rest.dropFirst(4)
        }
        guard let dot = rest.firstIndex(of: ".") else {
            throw .parse(parameter, String(text), "a filter is operator.value (eq.5, in.(a,b), is.null)")
        }
        let word = String(rest[..<dot])
        let operandText = rest[rest.index(after: dot)...]
        guard let op = RESTFilter.Operator(rawValue: word) else {
            let bare = word.split(separator: "(").first.map(String.init) ?? word
            if RESTFilter.unsupportedOperators.contains(bare) || RESTFilter.Operator(rawValue: bare) != nil {
                throw .unsupported("the operator \(word)", hint: "use eq neq gt gte lt lte in is like ilike, or=(…), and=(…), not.")
            }
            throw .parse(parameter, word, "unknown operator; the operators are eq neq gt gte lt lte in is like ilike")
        }
        let operand: RESTFilter.Operand
        switch op {
        case .in:
            guard operandText.hasPrefix("("), operandText.hasSuffix(")") else {
                throw .parse(parameter, String(operandText), "in takes a list: in.(a,b,c)")
            }
            let inner = operandText.dropFirst().dropLast()
            var items: [RESTValue] = []
            if !inner.isEmpty {
                let parts = try split(inner, parameter: parameter)
                guard parts.count <= RESTQuery.maxListItems else {
                    throw .parse(parameter, String(operandText.prefix(40)), "an in list of more than \(RESTQuery.maxListItems) items")
                }
                for part in parts { items.append(try column.type.value(filter: unquoted(part), column: column.name)) }
            }
            operand = .list(items)
        case .is:
            let word = operandText.lowercased()
            guard ["null", "not_null", "true", "false", "unknown"].contains(word) else {
                throw .parse(parameter, String(operandText), "is takes null, not_null, true, false or unknown")
            }
            operand = .isValue(word)
        case .like, .ilike:
            operand = .pattern(inTree ? unquoted(operandText) : String(operandText))
        default:
            operand = .value(try column.type.value(filter: inTree ? unquoted(operandText) : String(operandText), column: column.name))
        }
        return .test(column: column.name, op: op, operand: operand, negated: negated)
    }

    /// A value without its double quotes (`"a,b"` → `a,b`, `\"` → `"`); other text as it is.
    static func unquoted(_ text: Substring) -> String {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return String(text) }
        var out = ""
        var escaped = false
        for c in text.dropFirst().dropLast() {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }
}

/// The tables of one app's schema, by name.
struct RESTSchema: Sendable {
    let tables: [any RESTTable]

    func table(_ name: String) throws(RESTError) -> any RESTTable {
        guard let table = tables.first(where: { $0.name == name }) else {
            throw .unknownTable(name, known: tables.map(\.name))
        }
        return table
    }

    /// The many-to-one relation `name` names from `table`: the referenced table's name or the
    /// referencing column's; `PGRST200` when there is none.
    func relation(from table: any RESTTable, named name: String) throws(RESTError) -> (via: String, target: any RESTTable) {
        if let target = table.references[name] { return (name, try self.table(target)) }
        let matches = table.references.filter { $0.value == name }
        guard matches.count == 1, let match = matches.first else { throw .noRelation(table.name, name) }
        return (match.key, try self.table(match.value))
    }
}
