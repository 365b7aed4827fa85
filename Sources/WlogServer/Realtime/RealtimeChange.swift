import WlogCore

/// One row a commit inserted, updated or deleted: `data` of a `postgres_changes` message, written
/// once and sent to every channel it reaches.
struct RealtimeChange: Sendable {
    let table: RealtimeTable
    let kind: RealtimeBinding.Kind
    /// The row after the commit (INSERT, UPDATE).
    let record: [UInt8]?
    /// The row before it (UPDATE, DELETE): the whole row, since only its owner receives it.
    let oldRecord: [UInt8]?
    /// `{"schema","table","commit_timestamp","type","columns","errors":null,"record"?,"old_record"?}`.
    let data: [UInt8]

    init(table: RealtimeTable, kind: RealtimeBinding.Kind, record: [UInt8]?, oldRecord: [UInt8]?, committed: Instant) {
        self.table = table
        self.kind = kind
        self.record = record
        self.oldRecord = oldRecord
        var json = JSONWriter(capacity: 256 + (record?.count ?? 0) + (oldRecord?.count ?? 0))
        json.beginObject()
        json.key(text: "schema"); json.string(table.schema)
        json.key(text: "table"); json.string(table.name)
        json.key(text: "commit_timestamp"); json.string(String(apiInstant: committed))
        json.key(text: "type"); json.string(kind.rawValue)
        json.key(text: "columns")
        json.beginArray()
        for column in Self.columns(table, row: record ?? oldRecord) {
            json.beginObject()
            json.key(text: "name"); json.string(column.name)
            json.key(text: "type"); json.string(column.type)
            json.endObject()
        }
        json.endArray()
        json.key(text: "errors"); json.null()
        if let record { json.key(text: "record"); json.raw(record) }
        if let oldRecord { json.key(text: "old_record"); json.raw(oldRecord) }
        json.endObject()
        data = json.bytes
    }

    /// The row this change is filtered on: the new one, else (a delete) the old one.
    var filterRow: JSONObject? {
        guard let bytes = record ?? oldRecord,
              case .object(let object)? = try? bytes.withUnsafeBytes({ (buffer) throws(EventDecodingError) in try JSONValue.parse(buffer) })
        else { return nil }
        return object
    }

    /// The table's declared columns, else the row's keys typed by their JSON values.
    static func columns(_ table: RealtimeTable, row: [UInt8]?) -> [(name: String, type: String)] {
        if let declared = table.declaredColumns { return declared }
        guard let row, case .object(let object)? = try? row.withUnsafeBytes({ (buffer) throws(EventDecodingError) in try JSONValue.parse(buffer) })
        else { return [] }
        return object.members.map { member in
            switch member.value {
            case .number: (member.key, "numeric")
            case .bool: (member.key, "bool")
            case .array, .object: (member.key, "jsonb")
            case .string, .null: (member.key, "text")
            }
        }
    }

    /// The changes from `old` to `new` (a table's rows before and after a commit): the deleted
    /// rows in their old order, then the inserted and updated ones in the new order.
    static func diff(_ table: RealtimeTable, old: [RealtimeTable.Row], new: [RealtimeTable.Row], committed: Instant) -> [RealtimeChange] {
        var before: [String: [UInt8]] = [:]
        before.reserveCapacity(old.count)
        for row in old { before[row.key] = row.json }
        var after = Set<String>()
        after.reserveCapacity(new.count)
        var changes: [RealtimeChange] = []
        for row in new {
            after.insert(row.key)
            switch before[row.key] {
            case nil: changes.append(RealtimeChange(table: table, kind: .insert, record: row.json, oldRecord: nil, committed: committed))
            case let previous? where previous != row.json:
                changes.append(RealtimeChange(table: table, kind: .update, record: row.json, oldRecord: previous, committed: committed))
            default: break
            }
        }
        let deleted = old.filter { !after.contains($0.key) }
            .map { RealtimeChange(table: table, kind: .delete, record: nil, oldRecord: $0.json, committed: committed) }
        return deleted + changes
    }
}
