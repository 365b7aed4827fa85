import WlogCore
import WlogStore

/// A table a `postgres_changes` binding may name: its rows computed from a lifter's state, each
/// the JSON object a client receives as `record`/`old_record`, under its primary key.
///
/// The rows are those the table's own face serves (PostgREST's descriptions for the Plates
/// tables in schema `public`, the Treoir API's models in schema `treoir`), so a change carries
/// the same row a read would give, and no column list is written twice.
struct RealtimeTable: Sendable {
    /// One row: its primary key and its JSON object.
    struct Row: Sendable, Equatable {
        let key: String
        let json: [UInt8]
    }

    let schema: String
    let name: String
    /// The columns as `{name, type}` (PostgreSQL's type names), when the table declares them;
    /// nil: taken from the row each change carries (the Treoir models, which have no SQL types).
    let declaredColumns: [(name: String, type: String)]?
    /// The column names a `filter` may name; nil: any key of the row.
    var columnNames: [String]? { declaredColumns?.map(\.name) }
    /// The lifter's rows, in the table's order.
    let rows: @Sendable (LifterView, Instant) -> [Row]
}

/// The tables Realtime serves: the Plates schema's (PostgREST's descriptions) and Treoir's
/// workouts and sets.
enum RealtimeCatalog {
    static let tables: [RealtimeTable] = PlatesSchema.schema.tables.map(plates) + [TreoirRows.workouts, TreoirRows.sets]

    /// The table `schema.name`, or an error listing those there are.
    static func table(schema: String, name: String) throws(RealtimeError) -> RealtimeTable {
        if let table = tables.first(where: { $0.schema == schema && $0.name == name }) { return table }
        let known = tables.map { "\($0.schema).\($0.name)" }.joined(separator: ", ")
        throw .binding("no table \(schema).\(name) is published for Realtime; use one of \(known)")
    }

    /// A PostgREST table description as a Realtime table: the rows its owner reads.
    static func plates(_ table: any RESTTable) -> RealtimeTable {
        let key = table.uniqueKeys.first ?? ["id"]
        return RealtimeTable(
            schema: "public", name: table.name,
            declaredColumns: table.columns.map { ($0.name, $0.type.postgresName) },
            rows: { view, now in
                let source = RESTSource(principal: .lifter(view.lifter), view: view, now: now)
                return table.rows(source).map { row in
                    var json = JSONWriter(capacity: 256)
                    json.beginObject()
                    for column in table.columns {
                        json.key(text: column.name)
                        (row[column.name] ?? .null).write(to: &json)
                    }
                    json.endObject()
                    let id = key.map { row[$0]?.text ?? "" }.joined(separator: ",")
                    return RealtimeTable.Row(key: id, json: json.bytes)
                }
            })
    }
}

extension RESTType {
    /// The type's name as PostgreSQL's catalog (and so Realtime's `columns`) gives it.
    var postgresName: String {
        switch self {
        case .uuid: "uuid"
        case .text: "text"
        case .integer: "int4"
        case .numeric: "numeric"
        case .boolean: "bool"
        case .timestamptz: "timestamptz"
        }
    }
}
