import HTTPTypes
import Hummingbird
import Synchronization
import WlogCore
import WlogStore

/// A write request on one table: its rows become commands decided on the caller's stream, in one
/// commit, and the answer represents the rows as they are after it (Prefer: return=…).
struct RESTWrites: Sendable {
    let table: any RESTTable
    let schema: RESTSchema
    let query: RESTQuery
    let asked: RESTRequest
    let store: any LifterStore
    let now: Instant

    /// What the decide step hands to the answer: the rows to show.
    private final class Outcome: Sendable {
        let ids = Mutex<[String]>([])
        let deleted = Mutex<[RESTRow]>([])
    }

    func run(_ method: HTTPRequest.Method, body: [UInt8], lifter: LifterID) async throws -> Response {
        if query.limit != nil || query.offset != 0, method != .post {
            throw RESTError.unsupported("limit or offset on \(method)", hint: "filter the rows to change instead")
        }
        let inputs = method == .delete ? []
            : try RESTEngine.bodyRows(body, table: table, columns: query.columns).map { try prepared($0, lifter: lifter) }
        if method == .patch, inputs.count != 1 { throw RESTError.badBody("PATCH takes one JSON object") }
        if method == .post, asked.single, inputs.count != 1 { throw RESTError.notOneRow(inputs.count) }
        let fixed = try fixedIDs(inputs, method: method)
        let outcome = Outcome()
        let (table, query, asked, schema, now) = (self.table, self.query, self.asked, self.schema, self.now)
        return try await store.write(lifter, at: now, actor: "rest", fixedIDs: fixed) { view, context in
            let source = RESTSource(principal: .lifter(lifter), view: view, now: now)
            var writer = RESTWriter(source: source, view: view, context: context, table: table.name)
            var ids: [String] = []
            switch method {
            case .post:
                ids = try insert(inputs, &writer)
            case .patch:
                let targets = RESTEngine.matching(table, query, source).filter { table.allows(.update, $0, source) }
                if asked.single, targets.count != 1 { throw RESTError.notOneRow(targets.count) }
                for old in targets {
                    try update(old, patch: inputs[0], &writer)
                    if let id = old["id"]?.text { ids.append(id) }
                }
            default:
                let targets = RESTEngine.matching(table, query, source).filter { table.allows(.delete, $0, source) }
                if asked.single, targets.count != 1 { throw RESTError.notOneRow(targets.count) }
                for old in targets { try table.delete(old, &writer) }
                outcome.deleted.withLock { $0 = targets }
            }
            outcome.ids.withLock { $0 = ids }
            return writer.events
        } render: { view, _ in
            let source = RESTSource(principal: .lifter(lifter), view: view, now: now)
            var rows = outcome.deleted.withLock { $0 }
            let ids = outcome.ids.withLock { $0 }
            if !ids.isEmpty {
                var byID: [String: RESTRow] = [:]
                for row in table.rows(source) { if let id = row["id"]?.text { byID[id] = row } }
                rows = ids.compactMap { byID[$0] }
            }
            let status: HTTPResponse.Status = method == .post ? .created : .ok
            return try Self.answer(rows, table: table, query: query, asked: asked, status: status, source: source, schema: schema)
        }
    }

    /// The answer to a write: the rows (Prefer: return=representation) or none (201 or 204).
    static func answer(_ rows: [RESTRow], table: any RESTTable, query: RESTQuery, asked: RESTRequest, status: HTTPResponse.Status,
                       source: RESTSource?, schema: RESTSchema) throws -> Response {
        let source = source ?? RESTSource(principal: .anonymous, view: nil, now: Instant(millisecondsSince1970: 0))
        var response: Response
        if asked.returns == .representation {
            if asked.single, rows.count != 1 { throw RESTError.notOneRow(rows.count) }
            response = Self.response(RESTEngine.render(rows, select: query.select, table: table, schema: schema, source: source,
                                                       single: asked.single), status: status)
        } else {
            response = Self.response(nil, status: status == .created ? .created : .noContent)
        }
        response.headers[.contentRange] = "*/" + (asked.count ? String(rows.count) : "*")
        return response
    }

    static func response(_ json: JSONWriter?, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        guard let json else { return Response(status: status, headers: headers) }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: json.buffer))
    }

    /// A body row checked against what the view derives and whom the row belongs to: a derived
    /// timestamp (`created_at`, `updated_at`) is taken and dropped (the events date the row), any
    /// other derived column stays for the write to compare; the owner column defaults to the
    /// caller, another user's id is `42501`.
    private func prepared(_ input: RESTRow, lifter: LifterID) throws(RESTError) -> RESTRow {
        var row = input
        for column in table.columns where column.derived && column.type == .timestamptz { row[column.name] = nil }
        if let owner = table.ownerColumn {
            switch row[owner] {
            case nil, .null?: row[owner] = .text(lifter.uuid)
            case .text(let id)? where id == lifter.uuid: break
            default: throw .rowLevelSecurity(table: table.name, anonymous: false)
            }
        }
        return row
    }

    /// The ids an insert's rows chose for themselves (sets, body-weight logs: their events' ids).
    private func fixedIDs(_ inputs: [RESTRow], method: HTTPRequest.Method) throws(RESTError) -> [EventID] {
        guard method == .post, asked.resolution == nil, table.column("id")?.derived == false else { return [] }
        let given = inputs.compactMap { $0["id"]?.text }
        guard !given.isEmpty else { return [] }
        guard given.count == inputs.count else {
            throw .unsupported("an insert where some rows give an id and others do not", hint: "give every row an id, or none")
        }
        return given.compactMap(APIID.event)
    }

    private func insert(_ inputs: [RESTRow], _ writer: inout RESTWriter) throws -> [String] {
        let visible = table.rows(writer.source)
        var taken: [RESTRow] = visible
        var ids: [String] = []
        for input in inputs {
            if let resolution = asked.resolution {
                let key = query.onConflict ?? ["id"]
                guard table.uniqueKeys.contains(where: { Set($0) == Set(key) }) else {
                    throw RESTError(status: .badRequest, code: "42P10",
                                    message: "there is no unique or exclusion constraint matching the ON CONFLICT specification",
                                    hint: "the unique keys of \(table.name): " + table.uniqueKeys.map { $0.joined(separator: ",") }.joined(separator: "; "))
                }
                if key.allSatisfy({ input[$0] != nil }), let old = visible.first(where: { row in key.allSatisfy { row[$0] == input[$0] } }) {
                    guard resolution == .mergeDuplicates, table.allows(.update, old, writer.source) else { continue }
                    var patch = input
                    for column in key { patch[column] = nil }
                    try update(old, patch: patch, &writer)
                    if let id = old["id"]?.text { ids.append(id) }
                    continue
                }
            }
            if let old = Self.duplicate(input, among: taken, keys: table.uniqueKeys) {
                guard table.insertsExistingRows, let id = old.row["id"]?.text else {
                    throw RESTError.unique(old.key, old.key.map { input[$0]?.filterText ?? "" }.joined(separator: ", "), table: table.name)
                }
                ids.append(id)
                continue
            }
            for column in table.columns where column.derived && input[column.name] != nil {
                throw RESTError.derived(column.name, table: table.name)
            }
            let id = try table.insert(input, &writer)
            var added = input
            added["id"] = .text(id)
            taken.append(added)
            ids.append(id)
        }
        return ids
    }

    /// The row already holding one of `input`'s unique keys (all of the key's columns given).
    private static func duplicate(_ input: RESTRow, among rows: [RESTRow], keys: [[String]]) -> (row: RESTRow, key: [String])? {
        for key in keys where key.allSatisfy({ !(input[$0] ?? .null).isNull }) {
            if let row = rows.first(where: { row in key.allSatisfy { row[$0] == input[$0] } }) { return (row, key) }
        }
        return nil
    }

    private func update(_ old: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws {
        var new = old
        for (name, value) in patch {
            guard let column = table.column(name) else { continue }
            if (column.derived || name == "id"), value != old[name] {
                throw name == "id" ? RESTError.unsupported("changing a row's id") : RESTError.derived(name, table: table.name)
            }
            if column.notNull, value.isNull { throw RESTError.notNull(name, table: table.name) }
            new[name] = value
        }
        try table.update(old, new, patch: patch, &writer)
    }
}
