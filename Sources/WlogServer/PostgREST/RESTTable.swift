import WlogCore
import WlogStore

/// One row of a table: its columns' values by name.
typealias RESTRow = [String: RESTValue]

/// A column as PostgreSQL declares it.
struct RESTColumn: Sendable {
    var name: String
    var type: RESTType
    /// `NOT NULL` (a missing value with no default is `23502`).
    var notNull = false
    /// Derived from the events, never written (`428C9` when a write sets it).
    var derived = false
}

/// What a write may do to a visible row under row-level security.
enum RESTOperation: Sendable {
    case update, delete
}

/// A table of an app's schema served as a view of each lifter's events: the description
/// `RESTEngine` reads to answer any query of the subset, so that another app's schema is new
/// descriptions, not a new query engine (docs/PLATES.md, "Tables as descriptions").
///
/// Every row a description gives is visible to the caller (row-level security is where the rows
/// come from: the caller's own stream, and rows every user sees); a write becomes commands
/// decided on the caller's stream, one commit per request.
protocol RESTTable: Sendable {
    /// The table's name under `/rest/v1/`.
    var name: String { get }
    /// Its columns, in the order `select=*` writes them.
    var columns: [RESTColumn] { get }
    /// Its unique keys, the primary key (`["id"]`) first (`23505`, `on_conflict`).
    var uniqueKeys: [[String]] { get }
    /// Its many-to-one relations: a column and the table it references by `id` (embedding, `23503`).
    var references: [String: String] { get }
    /// The column naming the row's owner (`user_id`): filled with the caller's id when missing,
    /// any other id refused `42501`. Nil: the table has no owner column.
    var ownerColumn: String? { get }
    /// Whether an insert that meets a row with the same unique key answers that row instead of
    /// `23505` (a row the events imply already).
    var insertsExistingRows: Bool { get }

    /// The rows the caller sees.
    func rows(_ source: RESTSource) -> [RESTRow]
    /// The rows the caller sees, at least every one that passes `filters` (and-ed): a description
    /// may narrow by them before it makes rows (the engine still applies every filter).
    func rows(_ source: RESTSource, narrowedBy filters: [RESTFilter]) -> [RESTRow]
    /// The rows `rows(_:narrowedBy:)` gives, in the order `RESTEngine.ordered` puts them in for
    /// `order` (ties in the table's order), each made when the engine reaches it: a description
    /// that can walk its rows so (an index) makes only those of the page. Nil: it cannot, and the
    /// engine makes every row and sorts them.
    func walk(_ source: RESTSource, narrowedBy filters: [RESTFilter], order: [RESTOrder]) -> AnyIterator<RESTRow>?
    /// Whether the caller may update or delete this visible row (else it is not matched: 200 `[]`).
    func allows(_ operation: RESTOperation, _ row: RESTRow, _ source: RESTSource) -> Bool
    /// Records a new row (all columns given or defaulted, checked for type, null and owner);
    /// answers the new row's id.
    func insert(_ row: RESTRow, _ writer: inout RESTWriter) throws -> String
    /// Records the change of `old` to `new` (the columns in `patch` changed).
    func update(_ old: RESTRow, _ new: RESTRow, patch: RESTRow, _ writer: inout RESTWriter) throws
    /// Records the deletion of `old`.
    func delete(_ old: RESTRow, _ writer: inout RESTWriter) throws
}

extension RESTTable {
    var ownerColumn: String? { "user_id" }
    var insertsExistingRows: Bool { false }
    func allows(_ operation: RESTOperation, _ row: RESTRow, _ source: RESTSource) -> Bool { true }
    func rows(_ source: RESTSource, narrowedBy filters: [RESTFilter]) -> [RESTRow] { rows(source) }
    func walk(_ source: RESTSource, narrowedBy filters: [RESTFilter], order: [RESTOrder]) -> AnyIterator<RESTRow>? { nil }

    func column(_ name: String) -> RESTColumn? { columns.first { $0.name == name } }

    /// The column named `name`, or `42703`.
    func requireColumn(_ name: String) throws(RESTError) -> RESTColumn {
        guard let column = column(name) else { throw .unknownColumn(name, table: self.name) }
        return column
    }
}

/// Where a request's rows come from: the caller and, for a signed-in lifter, their state.
struct RESTSource: Sendable {
    let principal: Principal
    /// The lifter's view (nil for the anon key: only rows every user sees).
    let view: LifterView?
    /// The request's clock.
    let now: Instant

    var lifter: LifterID? { view?.lifter }
    var lifterText: RESTValue { lifter.map { .text($0.uuid) } ?? .null }
}

/// The commands of one write request, decided on the caller's state into one commit's events.
struct RESTWriter {
    let source: RESTSource
    let view: LifterView
    let context: DecideContext
    let table: String
    private(set) var events: [Event] = []

    init(source: RESTSource, view: LifterView, context: DecideContext, table: String) {
        self.source = source
        self.view = view
        self.context = context
        self.table = table
    }

    /// Decides `command` and keeps its events; the engine's refusal is a check violation (`23514`)
    /// naming the field, the value and the fix.
    @discardableResult
    mutating func decide(_ command: Command, confirmsImplausible: Bool = false) throws(RESTError) -> [Event] {
        var context = self.context
        context.confirmsImplausible = confirmsImplausible
        do {
            let decided = try WlogCore.decide(command, state: view.state, context: context)
            events += decided
            return decided
        } catch {
            throw .check(error.message, table: table)
        }
    }
}
