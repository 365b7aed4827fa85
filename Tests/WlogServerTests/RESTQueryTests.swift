import Testing
import WlogCore
@testable import WlogServer

/// The PostgREST query subset over seed 000's table descriptions: what parses to what, which code
/// each bad query gets, and how filters and order evaluate rows (three-valued, as PostgreSQL).
@Suite struct RESTQueryTests {
    let schema = PlatesSchema.schema

    func query(_ table: String, _ items: [(String, String)]) throws -> RESTQuery {
        try RESTQuery(items.map { (key: $0.0, value: $0.1) }, table: try schema.table(table), schema: schema)
    }

    /// The code a query is refused with (nil: accepted).
    func code(_ table: String, _ items: [(String, String)]) -> String? {
        do {
            _ = try query(table, items)
            return nil
        } catch let error as RESTError {
            return error.code
        } catch {
            return "not a RESTError: \(error)"
        }
    }

    @Test func selectWithManyToOneEmbeds() throws {
        #expect(try query("sets", [("select", "*,exercises(name,muscle_group)")]).select
                == [.star, .embed(name: "exercises", via: "exercise_id", items: [.column("name"), .column("muscle_group")])])
        #expect(try query("user_exercises", [("select", "exercise_id,exercises(*)")]).select
                == [.column("exercise_id"), .embed(name: "exercises", via: "exercise_id", items: [.star])])
        #expect(try query("sets", [("select", "id,exercise_id(name)")]).select
                == [.column("id"), .embed(name: "exercise_id", via: "exercise_id", items: [.column("name")])])
    }

    @Test func filtersOrderAndPages() throws {
        let q = try query("sets", [("exercise_id", "eq.983d9b98-049a-8b14-9c00-43DDDD221060"), ("weight", "not.gt.100"),
                                   ("order", "date.desc,weight.asc.nullsfirst"), ("limit", "50"), ("offset", "10")])
        #expect(q.filters == [
            .test(column: "exercise_id", op: .eq, operand: .value(.text("983d9b98-049a-8b14-9c00-43dddd221060")), negated: false),
            .test(column: "weight", op: .gt, operand: .value(.number(100)), negated: true),
        ])
        #expect(q.order == [RESTOrder(column: "date", descending: true, nullsFirst: nil),
                            RESTOrder(column: "weight", descending: false, nullsFirst: true)])
        #expect(q.limit == 50 && q.offset == 10)
    }

    @Test func logicTreesWithQuotedValuesAndLists() throws {
        let q = try query("exercises", [("or", "(is_base.eq.true,id.in.(983d9b98-049a-8b14-9c00-43dddd221060),and(name.eq.\"a,b\",not.or(name.like.*x*,name.is.null)))")])
        #expect(q.filters == [.any([
            .test(column: "is_base", op: .eq, operand: .value(.bool(true)), negated: false),
            .test(column: "id", op: .in, operand: .list([.text("983d9b98-049a-8b14-9c00-43dddd221060")]), negated: false),
            .all([
                .test(column: "name", op: .eq, operand: .value(.text("a,b")), negated: false),
                .any([.test(column: "name", op: .like, operand: .pattern("*x*"), negated: false),
                      .test(column: "name", op: .is, operand: .isValue("null"), negated: false)], negated: true),
            ], negated: false),
        ], negated: false)])
        #expect(try query("exercises", [("name", "in.(\"Bench Press\",\"a\\\"b\",Squat)")]).filters
                == [.test(column: "name", op: .in, operand: .list([.text("Bench Press"), .text("a\"b"), .text("Squat")]), negated: false)])
        #expect(try query("exercises", [("id", "in.()")]).filters == [.test(column: "id", op: .in, operand: .list([]), negated: false)])
    }

    @Test func badQueriesGetPostgRESTCodes() {
        #expect(code("sets", [("tempo", "eq.1")]) == "42703")
        #expect(code("sets", [("select", "tempo")]) == "42703")
        #expect(code("sets", [("order", "tempo.desc")]) == "42703")
        #expect(code("sets", [("weight", "approx.1")]) == "PGRST100")
        #expect(code("sets", [("weight", "eq")]) == "PGRST100")
        #expect(code("sets", [("weight", "fts.1")]) == "0A000")
        #expect(code("sets", [("weight", "eq(any).{1,2}")]) == "0A000")
        #expect(code("sets", [("weight", "eq.heavy")]) == "22P02")
        #expect(code("sets", [("reps", "eq.2.5")]) == "22P02")
        #expect(code("sets", [("reps", "eq.2147483648")]) == "22003")
        #expect(code("sets", [("reps", "eq.-9223372036854775808")]) == "22003")
        #expect(code("sets", [("reps", "eq.99999999999999999999999")]) == "22003")
        #expect(code("sets", [("reps", "eq.--5")]) == "22P02")
        #expect(code("sets", [("reps", "eq.-2147483648")]) == nil)
        #expect(code("sets", [("date", "gt.yesterday")]) == "22P02")
        #expect(code("sets", [("or", "(weight.eq.1")]) == "PGRST100")
        #expect(code("sets", [("or", "weight.eq.1")]) == "PGRST100")
        #expect(code("sets", [("and", "(weight.eq.1,,reps.eq.2)")]) == "PGRST100")
        #expect(code("sets", [("order", "date.sideways")]) == "PGRST100")
        #expect(code("sets", [("limit", "-1")]) == "PGRST100")
        #expect(code("sets", [("select", "w:weight")]) == "0A000")
        #expect(code("sets", [("select", "weight::text")]) == "0A000")
        #expect(code("sets", [("select", "*,exercises!inner(*)")]) == "0A000")
        #expect(code("sets", [("select", "*,workouts(*)")]) == "PGRST200")
        #expect(code("sets", [("exercises.name", "eq.Squat")]) == "0A000")
        #expect(code("sets", [("order", "exercises(name)")]) == "0A000")
        #expect(code("sets", [("is", "is.maybe")]) == "42703")
        #expect(code("sets", [("notes", "is.maybe")]) == "PGRST100")
        #expect(code("nope", []) == "PGRST205")
        let deep = String(repeating: "and(", count: 40) + "weight.eq.1" + String(repeating: ")", count: 40)
        #expect(code("sets", [("or", "(" + deep + ")")]) == "PGRST100")
    }

    @Test func threeValuedLogic() {
        let row: RESTRow = ["weight": .null, "reps": .number(5), "notes": .text("Felt fast")]
        func eval(_ filter: RESTFilter) -> Bool? { filter.evaluate(row) }
        let weightEq = RESTFilter.test(column: "weight", op: .eq, operand: .value(.number(100)), negated: false)
        let repsEq = RESTFilter.test(column: "reps", op: .eq, operand: .value(.number(5)), negated: false)
        #expect(eval(weightEq) == nil)
        #expect(eval(.test(column: "weight", op: .eq, operand: .value(.number(100)), negated: true)) == nil)
        #expect(eval(.all([weightEq, repsEq], negated: false)) == nil)
        #expect(eval(.any([weightEq, repsEq], negated: false)) == true)
        #expect(eval(.any([weightEq], negated: true)) == nil)
        #expect(eval(.test(column: "weight", op: .is, operand: .isValue("null"), negated: false)) == true)
        #expect(eval(.test(column: "reps", op: .in, operand: .list([.number(3), .null]), negated: false)) == nil)
        #expect(eval(.test(column: "reps", op: .in, operand: .list([.number(3), .number(5)]), negated: false)) == true)
        #expect(eval(.test(column: "notes", op: .like, operand: .pattern("Felt*"), negated: false)) == true)
        #expect(eval(.test(column: "notes", op: .like, operand: .pattern("felt%"), negated: false)) == false)
        #expect(eval(.test(column: "notes", op: .ilike, operand: .pattern("felt_fast"), negated: false)) == true)
    }

    @Test func likePatterns() {
        #expect(RESTPattern.matches("Bench Press", pattern: "%ch%re%", caseInsensitive: false))
        #expect(RESTPattern.matches("50%", pattern: "50\\%", caseInsensitive: false))
        #expect(!RESTPattern.matches("500", pattern: "50\\%", caseInsensitive: false))
        #expect(RESTPattern.matches("", pattern: "*", caseInsensitive: false))
        #expect(!RESTPattern.matches("abc", pattern: "a_", caseInsensitive: false))
        // Many wildcards over a long text stay linear-ish (one backtrack point).
        #expect(!RESTPattern.matches(String(repeating: "a", count: 5_000), pattern: String(repeating: "*a", count: 200) + "b",
                                     caseInsensitive: false))
    }

    @Test func orderWithNullsAndSeveralKeys() {
        let rows: [RESTRow] = [
            ["id": .text("1"), "weight": .number(100), "reps": .number(5)],
            ["id": .text("2"), "weight": .null, "reps": .number(8)],
            ["id": .text("3"), "weight": .number(100), "reps": .number(3)],
            ["id": .text("4"), "weight": .number(90), "reps": .null],
        ]
        func ids(_ keys: [RESTOrder]) -> [String] { RESTEngine.ordered(rows, keys).compactMap { $0["id"]?.text } }
        #expect(ids([RESTOrder(column: "weight", descending: false, nullsFirst: nil)]) == ["4", "1", "3", "2"])
        #expect(ids([RESTOrder(column: "weight", descending: true, nullsFirst: nil)]) == ["2", "1", "3", "4"])
        #expect(ids([RESTOrder(column: "weight", descending: true, nullsFirst: false),
                     RESTOrder(column: "reps", descending: false, nullsFirst: nil)]) == ["3", "1", "4", "2"])
        #expect(RESTEngine.page(rows[...].map { $0 }, offset: 3, limit: 5).count == 1)
    }

    @Test func bodiesAreTypedByColumn() throws {
        let sets = try schema.table("sets")
        let rows = try RESTEngine.bodyRows(Array(#"[{"weight":225.5,"reps":5,"date":"2026-11-20T10:00:00Z","notes":null}]"#.utf8),
                                           table: sets, columns: nil)
        #expect(rows == [["weight": .number(225.5), "reps": .number(5), "notes": .null,
                          "date": .time(ZonedInstant(Instant(iso8601: "2026-11-20T10:00:00Z")!, offsetMinutes: 0))]])
        func code(_ body: String) -> String? {
            do { _ = try RESTEngine.bodyRows(Array(body.utf8), table: sets, columns: nil); return nil } catch { return error.code }
        }
        #expect(code(#"{"tempo":1}"#) == "PGRST204")
        #expect(code(#"{"reps":"five"}"#) == "22P02")
        #expect(code(#"{"reps":5.5}"#) == "22P02")
        #expect(code(#"{"reps":3000000000}"#) == "22003")
        #expect(code(#"{"reps":"-9223372036854775808"}"#) == "22003")
        #expect(code(#"{"weight":true}"#) == "22P02")
        #expect(code(#"[1,2]"#) == "PGRST102")
        #expect(code(#"{"weight":"#) == "PGRST102")
    }
}
