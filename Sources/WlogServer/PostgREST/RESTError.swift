import HTTPTypes
import Hummingbird
import NIOCore

/// An error answer in PostgREST's shape, `{"code","message","details","hint"}`, with the codes
/// PostgreSQL and PostgREST give (docs/PLATES.md, "Errors"). Every code the `/rest/v1` face
/// answers is one of the constructors below: the one list of them.
struct RESTError: Error, Sendable, Equatable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var details: String?
    var hint: String?

    /// `PGRST100`, 400: the query string does not parse (names the parameter and the text).
    static func parse(_ parameter: String, _ text: String, _ problem: String) -> RESTError {
        RESTError(status: .badRequest, code: "PGRST100", message: "\"\(parameter)\" could not be parsed: \(problem)",
                  details: "unexpected \(quoted(text))", hint: "see docs/PLATES.md, \"Query subset\"")
    }
    /// `0A000`, 400: valid PostgREST, but outside the subset wlog serves (never silently ignored).
    static func unsupported(_ what: String, hint: String? = nil) -> RESTError {
        RESTError(status: .badRequest, code: "0A000", message: "\(what) is not supported by wlog's /rest/v1",
                  hint: hint ?? "see docs/PLATES.md, \"Query subset\"")
    }
    /// `PGRST205`, 404: no such table.
    static func unknownTable(_ name: String, known: [String]) -> RESTError {
        RESTError(status: .notFound, code: "PGRST205", message: "Could not find the table 'public.\(name)' in the schema cache",
                  hint: "the tables are " + known.joined(separator: ", "))
    }
    /// `42703`, 400: a column in `select`, a filter or `order` that the table does not have.
    static func unknownColumn(_ name: String, table: String) -> RESTError {
        RESTError(status: .badRequest, code: "42703", message: "column \(table).\(name) does not exist",
                  hint: "the columns of \(table) are listed in docs/PLATES.md")
    }
    /// `PGRST204`, 400: a body key that is not a column.
    static func unknownBodyColumn(_ name: String, table: String) -> RESTError {
        RESTError(status: .badRequest, code: "PGRST204", message: "Could not find the '\(name)' column of '\(table)' in the schema cache")
    }
    /// `PGRST200`, 400: an embed with no many-to-one relation.
    static func noRelation(_ from: String, _ to: String) -> RESTError {
        RESTError(status: .badRequest, code: "PGRST200",
                  message: "Could not find a relationship between '\(from)' and '\(to)' in the schema cache")
    }
    /// `22P02`, 400: a value that is not of the column's type (`"abc"` for a uuid).
    static func invalidValue(_ column: String, _ text: String, type: String) -> RESTError {
        RESTError(status: .badRequest, code: "22P02", message: "invalid input syntax for type \(type): \(quoted(text))",
                  details: "column \(column)")
    }
    /// `22003`, 400: a number beyond what the column holds.
    static func outOfRange(_ column: String, _ text: String) -> RESTError {
        RESTError(status: .badRequest, code: "22003", message: "numeric field overflow: \(quoted(text))", details: "column \(column)",
                  hint: "a value from -\(Int(RESTType.numericLimit)) to \(Int(RESTType.numericLimit))")
    }
    /// `22003`, 400: an integer beyond the column's 32 bits (PostgreSQL's words for `integer`).
    static func integerOutOfRange(_ column: String, _ text: String) -> RESTError {
        RESTError(status: .badRequest, code: "22003", message: "value \(quoted(text)) is out of range for type integer",
                  details: "column \(column)", hint: "a value from \(Int32.min) to \(Int32.max)")
    }
    /// `PGRST102`, 400: the body is not JSON of objects.
    static func badBody(_ problem: String) -> RESTError {
        RESTError(status: .badRequest, code: "PGRST102", message: problem)
    }
    /// `23502`, 400: a not-null column without a value.
    static func notNull(_ column: String, table: String) -> RESTError {
        RESTError(status: .badRequest, code: "23502",
                  message: "null value in column \"\(column)\" of relation \"\(table)\" violates not-null constraint")
    }
    /// `23503`, 409: a reference to a row that is not there (or not visible).
    static func foreignKey(_ column: String, _ value: String, table: String) -> RESTError {
        RESTError(status: .conflict, code: "23503",
                  message: "insert or update on table \"\(table)\" violates foreign key constraint on \(column)",
                  details: "Key (\(column))=(\(value)) is not present in the referenced table.")
    }
    /// `23505`, 409: a unique key already taken.
    static func unique(_ columns: [String], _ values: String, table: String) -> RESTError {
        RESTError(status: .conflict, code: "23505",
                  message: "duplicate key value violates unique constraint \"\(table)_\(columns.joined(separator: "_"))_key\"",
                  details: "Key (\(columns.joined(separator: ", ")))=(\(values)) already exists.")
    }
    /// `23514`, 400: a check constraint (the engine's refusals, naming the field, value and fix).
    static func check(_ message: String, table: String, details: String? = nil) -> RESTError {
        RESTError(status: .badRequest, code: "23514", message: "new row for relation \"\(table)\" violates check constraint: " + message,
                  details: details)
    }
    /// `428C9`, 400: a column the view derives (ids of base rows, `created_at`, `is_base`).
    static func derived(_ column: String, table: String) -> RESTError {
        RESTError(status: .badRequest, code: "428C9", message: "column \"\(column)\" of \(table) can only be set to DEFAULT",
                  hint: "it is derived from the lifter's events; leave it out")
    }
    /// `42501`: row-level security refused the row (403 for a user, 401 for the anon key).
    static func rowLevelSecurity(table: String, anonymous: Bool) -> RESTError {
        RESTError(status: anonymous ? .unauthorized : .forbidden, code: "42501",
                  message: "new row violates row-level security policy for table \"\(table)\"",
                  hint: anonymous ? "sign in: the anon key writes no row" : "user_id must be the signed-in user's id")
    }
    /// `PGRST116`, 406: the object `Accept` and not exactly one row.
    static func notOneRow(_ count: Int) -> RESTError {
        RESTError(status: .notAcceptable, code: "PGRST116", message: "JSON object requested, multiple (or no) rows returned",
                  details: "The result contains \(count) rows")
    }
    /// `PGRST103`, 416: a `Range` or offset past the rows.
    static func range(_ text: String) -> RESTError {
        RESTError(status: .rangeNotSatisfiable, code: "PGRST103", message: "Requested range not satisfiable", details: text)
    }
    /// `PGRST301`, 401: the bearer token or key is not accepted.
    static func jwt(_ message: String) -> RESTError {
        RESTError(status: .unauthorized, code: "PGRST301", message: message)
    }

    static func quoted(_ text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return "\"" + shown + "\""
    }

    /// The error as PostgREST writes it.
    func response() -> Response {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        json.field("code", code)
        json.field("details", details)
        json.field("hint", hint)
        json.field("message", message)
        json.endObject()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: json.buffer))
    }
}
