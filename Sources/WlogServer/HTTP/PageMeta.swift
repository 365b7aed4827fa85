import Hummingbird

/// `meta` of a paged list (seed 004 §4): the page asked for, its size, the total and whether more follow.
@JSONObject
public struct PageMeta: Codable, Sendable, Hashable {
    public var page: Int
    public var pageSize: Int
    public var total: Int
    public var hasMore: Bool
}

/// `page` (from 1) and `pageSize` (1 to `maximum`) from the query, with the field named when bad.
/// A `pageSize` above the maximum is clamped to it, never refused (seed 004 §5 names no maximum,
/// and an app's "load everything" must not fail): `meta.pageSize` says the size served.
struct PageRequest: Sendable {
    var page: Int
    var pageSize: Int

    var offset: Int { (page - 1) * pageSize }

    init(_ request: Request, defaultSize: Int, maximum: Int = 100) throws {
        page = try Self.integer(request, "page", default: 1, range: 1...1_000_000)
        pageSize = min(try Self.integer(request, "pageSize", default: defaultSize, range: 1...Int.max,
                                        allowed: "a whole number from 1 (above \(maximum), \(maximum) are served)"), maximum)
    }

    func meta(total: Int) -> PageMeta {
        PageMeta(page: page, pageSize: pageSize, total: total, hasMore: offset + pageSize < total)
    }

    static func integer(_ request: Request, _ name: String, default value: Int, range: ClosedRange<Int>, allowed: String? = nil) throws -> Int {
        guard let text = request.uri.queryParameters[Substring(name)] else { return value }
        guard let number = Int(text), range.contains(number) else {
            let allowed = allowed ?? "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw APIError.validation(field: name, "\"\(text)\" is not allowed — " + allowed)
        }
        return number
    }
}
