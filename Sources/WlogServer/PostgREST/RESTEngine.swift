import Foundation
import WlogCore

/// Answers the query subset over any table description: filters, order, pages, and the
/// representation of `select` with its many-to-one embeds.
enum RESTEngine {
    /// The rows of `table` that pass the query's filters, in its order.
    static func matching(_ table: any RESTTable, _ query: RESTQuery, _ source: RESTSource) -> [RESTRow] {
        var rows = table.rows(source, narrowedBy: query.filters)
        if !query.filters.isEmpty {
            rows = rows.filter { row in query.filters.allSatisfy { $0.evaluate(row) == true } }
        }
        return ordered(rows, query.order)
    }

    /// The page the query selects and, when `counted`, how many rows matched (nil otherwise).
    /// Uncounted, from a table that walks its rows in the query's order (`RESTTable.walk`), only
    /// the rows up to the page's end are made; the same rows as `matching` then `page` otherwise.
    static func select(_ table: any RESTTable, _ query: RESTQuery, _ source: RESTSource, counted: Bool) -> (page: [RESTRow], total: Int?) {
        guard !counted, let walk = table.walk(source, narrowedBy: query.filters, order: query.order) else {
            let rows = matching(table, query, source)
            return (Array(page(rows, offset: query.offset, limit: query.limit)), rows.count)
        }
        var page: [RESTRow] = []
        var skipped = 0
        let limit = query.limit ?? Int.max
        while page.count < limit, let row = walk.next() {
            guard query.filters.allSatisfy({ $0.evaluate(row) == true }) else { continue }
            if skipped < query.offset {
                skipped += 1
            } else {
                page.append(row)
            }
        }
        return (page, nil)
    }

    /// `rows` sorted by the keys (stable: ties keep the table's order).
    static func ordered(_ rows: [RESTRow], _ keys: [RESTOrder]) -> [RESTRow] {
        guard !keys.isEmpty else { return rows }
        return rows.enumerated().sorted { a, b in
            for key in keys {
                let x = a.element[key.column] ?? .null, y = b.element[key.column] ?? .null
                let nullsFirst = key.nullsFirst ?? key.descending
                switch (x.isNull, y.isNull) {
                case (true, true): continue
                case (true, false): return nullsFirst
                case (false, true): return !nullsFirst
                case (false, false):
                    guard let order = RESTValue.compare(x, y), order != .orderedSame else { continue }
                    return (order == .orderedAscending) != key.descending
                }
            }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The page of `rows` that `offset` and `limit` (and a `Range` header's, already folded into
    /// them) select.
    static func page(_ rows: [RESTRow], offset: Int, limit: Int?) -> ArraySlice<RESTRow> {
        let start = min(offset, rows.count)
        let end = limit.map { min(rows.count, start + $0) } ?? rows.count
        return rows[start..<end]
    }

    /// The rows as JSON, each with the columns and embeds `select` names.
    static func render(_ rows: some Collection<RESTRow>, select: [RESTSelect], table: any RESTTable, schema: RESTSchema,
                       source: RESTSource, single: Bool) -> JSONWriter {
        var json = JSONWriter(capacity: 256 + rows.count * 256)
        var embedded: [String: [String: RESTRow]] = [:]
        if !single { json.beginArray() }
        for row in rows {
            write(row, select: select, table: table, schema: schema, source: source, embedded: &embedded, into: &json)
        }
        if !single { json.endArray() }
        return json
    }

    private static func write(_ row: RESTRow, select: [RESTSelect], table: any RESTTable, schema: RESTSchema, source: RESTSource,
                              embedded: inout [String: [String: RESTRow]], into json: inout JSONWriter) {
        json.beginObject()
        for item in select {
            switch item {
            case .star:
                for column in table.columns {
                    json.key(text: column.name)
                    (row[column.name] ?? .null).write(to: &json)
                }
            case .column(let name):
                json.key(text: name)
                (row[name] ?? .null).write(to: &json)
            case .embed(let name, let via, let items):
                json.key(text: name)
                guard let targetName = table.references[via], let target = try? schema.table(targetName),
                      let key = row[via]?.text else {
                    json.null()
                    continue
                }
                if embedded[targetName] == nil {
                    var byID: [String: RESTRow] = [:]
                    for targetRow in target.rows(source) {
                        if let id = targetRow["id"]?.text { byID[id] = targetRow }
                    }
                    embedded[targetName] = byID
                }
                if let targetRow = embedded[targetName]?[key] {
                    write(targetRow, select: items, table: target, schema: schema, source: source, embedded: &embedded, into: &json)
                } else {
                    json.null()
                }
            }
        }
        json.endObject()
    }

    /// The rows of a JSON body (an object or an array of objects), typed by the table's columns:
    /// `PGRST102` for JSON that is not that, `PGRST204` for an unknown key. With `columns=`,
    /// only those keys are taken.
    static func bodyRows(_ bytes: [UInt8], table: any RESTTable, columns: [String]?) throws(RESTError) -> [RESTRow] {
        let parsed: JSONValue
        do {
            parsed = try bytes.withUnsafeBytes { (buffer) throws(EventDecodingError) in try JSONValue.parse(buffer) }
        } catch {
            throw .badBody("the body is not valid JSON (\(error))")
        }
        let objects: [JSONObject]
        switch parsed {
        case .object(let object): objects = [object]
        case .array(let items):
            objects = try items.map { (item) throws(RESTError) in
                guard case .object(let object) = item else { throw .badBody("every item of the array must be an object") }
                return object
            }
        default: throw .badBody("the body must be a JSON object or an array of objects")
        }
        return try objects.map { (object) throws(RESTError) in
            var row: RESTRow = [:]
            for member in object.members {
                if let columns, !columns.contains(member.key) { continue }
                guard let column = table.column(member.key) else { throw .unknownBodyColumn(member.key, table: table.name) }
                // A derived timestamp may be written as PostgreSQL's `now()` (Plates sends `updated_at: "now()"`).
                if column.derived, column.type == .timestamptz, member.value == .string("now()") || member.value == .string("now") { continue }
                row[column.name] = try column.type.value(json: member.value, column: column.name)
            }
            return row
        }
    }
}
