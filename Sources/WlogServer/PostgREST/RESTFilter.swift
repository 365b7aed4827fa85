import Foundation

/// A condition of `?col=op.value`, `or=(…)`, `and=(…)` and `not.`: PostgreSQL's three-valued
/// logic (a comparison with `null` is unknown, and a row is kept only when the condition is true).
indirect enum RESTFilter: Sendable, Equatable {
    case test(column: String, op: Operator, operand: Operand, negated: Bool)
    case all([RESTFilter], negated: Bool)
    case any([RESTFilter], negated: Bool)

    /// The operators of the subset.
    enum Operator: String, Sendable, CaseIterable {
        case eq, neq, gt, gte, lt, lte, `in`, `is`, like, ilike
    }

    /// PostgREST's operators outside the subset: a clear `0A000`, not a parse error.
    static let unsupportedOperators: Set<String> = [
        "match", "imatch", "fts", "plfts", "phfts", "wfts", "cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj",
        "isdistinct", "likeany", "likeall", "ilikeany", "ilikeall",
    ]

    /// An operator's operand, typed by its column when parsed.
    enum Operand: Sendable, Equatable {
        case value(RESTValue)
        case list([RESTValue])
        /// `is.null`, `is.not_null`, `is.true`, `is.false`, `is.unknown`.
        case isValue(String)
        /// A `like` pattern (`*` or `%` any run, `_` one character).
        case pattern(String)
    }

    /// The value `filters` (and-ed) pin `column` to with a top-level `eq`, if one does.
    static func pinned(_ column: String, in filters: [RESTFilter]) -> RESTValue? {
        for filter in filters {
            if case .test(column, .eq, .value(let value), false) = filter { return value }
        }
        return nil
    }

    /// Deeper nesting of `and(…)`/`or(…)` is refused (`PGRST100`).
    static let maxDepth = 16

    /// Whether `row` passes: true, false, or nil for unknown.
    func evaluate(_ row: RESTRow) -> Bool? {
        switch self {
        case .test(let column, let op, let operand, let negated):
            return Self.negate(Self.test(row[column] ?? .null, op, operand), negated)
        case .all(let filters, let negated):
            return Self.negate(Self.combine(filters, row, decidedBy: false), negated)
        case .any(let filters, let negated):
            return Self.negate(Self.combine(filters, row, decidedBy: true), negated)
        }
    }

    /// SQL's three-valued `and` (`decidedBy` false) or `or` (`decidedBy` true) of `filters` on
    /// `row`: `decidedBy` as soon as one filter gives it; else nil (unknown) if one gave nil; else
    /// the other value.
    private static func combine(_ filters: [RESTFilter], _ row: RESTRow, decidedBy decisive: Bool) -> Bool? {
        var result: Bool? = !decisive
        for filter in filters {
            switch filter.evaluate(row) {
            case .some(decisive): return decisive
            case .none: result = nil
            case .some: break
            }
        }
        return result
    }

    private static func negate(_ value: Bool?, _ negated: Bool) -> Bool? {
        guard negated, let value else { return value }
        return !value
    }

    private static func test(_ value: RESTValue, _ op: Operator, _ operand: Operand) -> Bool? {
        switch (op, operand) {
        case (.is, .isValue(let what)):
            switch what {
            case "null": return value.isNull
            case "not_null": return !value.isNull
            case "unknown": return value.isNull
            case "true": return value == .bool(true)
            default: return value == .bool(false)
            }
        case (.in, .list(let items)):
            if value.isNull { return nil }
            var unknown = false
            for item in items {
                if item.isNull { unknown = true; continue }
                if RESTValue.compare(value, item) == .orderedSame { return true }
            }
            return unknown ? nil : false
        case (.like, .pattern(let p)), (.ilike, .pattern(let p)):
            if value.isNull { return nil }
            return RESTPattern.matches(value.filterText, pattern: p, caseInsensitive: op == .ilike)
        case (_, .value(let operand)):
            if value.isNull || operand.isNull { return nil }
            guard let order = RESTValue.compare(value, operand) else { return nil }
            switch op {
            case .eq: return order == .orderedSame
            case .neq: return order != .orderedSame
            case .gt: return order == .orderedDescending
            case .gte: return order != .orderedAscending
            case .lt: return order == .orderedAscending
            case .lte: return order != .orderedDescending
            default: return nil
            }
        default:
            return nil
        }
    }
}

/// SQL `LIKE` as PostgREST passes it: `*` (PostgREST's URL-safe spelling) and `%` match any run,
/// `_` one character, `\` escapes the next.
enum RESTPattern {
    static func matches(_ text: String, pattern: String, caseInsensitive: Bool) -> Bool {
        let t = Array((caseInsensitive ? text.lowercased() : text).unicodeScalars)
        let p = Array((caseInsensitive ? pattern.lowercased() : pattern).unicodeScalars)
        // Iterative matching with one backtrack point (linear in practice, never exponential).
        var ti = 0, pi = 0, starP = -1, starT = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "\\", pi + 1 < p.count, p[pi + 1] == t[ti] {
                ti += 1; pi += 2
            } else if pi < p.count, p[pi] != "\\", p[pi] != "%", p[pi] != "*", p[pi] == "_" || p[pi] == t[ti] {
                ti += 1; pi += 1
            } else if pi < p.count, p[pi] == "%" || p[pi] == "*" {
                starP = pi; starT = ti; pi += 1
            } else if starP >= 0 {
                pi = starP + 1; starT += 1; ti = starT
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "%" || p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
