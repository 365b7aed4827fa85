import Foundation
import HTTPTypes
import Hummingbird

/// What a PostgREST request asks besides its query: `Prefer`, the object `Accept`, `Range`.
struct RESTRequest: Sendable {
    enum Return: Sendable { case representation, minimal }
    enum Resolution: Sendable { case mergeDuplicates, ignoreDuplicates }

    var items: [(key: String, value: String)]
    var returns: Return = .minimal
    var count = false
    var resolution: Resolution?
    /// `Accept: application/vnd.pgrst.object+json`: exactly one row, as an object.
    var single = false
    /// A `Range: a-b` header's offset and row count.
    var range: (offset: Int, limit: Int?)?

    init(_ request: Request) throws(RESTError) {
        items = try Self.items(request.uri.query ?? "")
        for token in request.headers[values: .prefer].flatMap({ $0.split(separator: ",") }) {
            let pair = token.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch (pair[0], pair[1]) {
            case ("return", "representation"): returns = .representation
            case ("return", "minimal"), ("return", "headers-only"): returns = .minimal
            case ("count", "exact"), ("count", "planned"), ("count", "estimated"): count = true
            case ("resolution", "merge-duplicates"): resolution = .mergeDuplicates
            case ("resolution", "ignore-duplicates"): resolution = .ignoreDuplicates
            default: break  // PostgREST ignores the preferences it does not apply (handling=lenient)
            }
        }
        let accept = request.headers.value(of: .accept) ?? "*/*"
        if accept.contains("application/vnd.pgrst.object") {
            single = true
        } else if !accept.split(separator: ",").contains(where: { Self.acceptsJSON($0) }) {
            throw RESTError(status: .notAcceptable, code: "PGRST107", message: "None of these media types are available: \(accept)",
                            hint: "ask for application/json or application/vnd.pgrst.object+json")
        }
        if let text = request.headers.value(of: .range) {
            range = try Self.range(text)
        }
    }

    private static func acceptsJSON(_ item: Substring) -> Bool {
        let type = item.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return ["*/*", "application/*", "application/json"].contains(type)
    }

    /// `a-b` or `a-` (items).
    static func range(_ text: String) throws(RESTError) -> (offset: Int, limit: Int?) {
        let body = text.hasPrefix("items=") ? String(text.dropFirst(6)) : text
        let parts = body.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first >= 0, first <= RESTQuery.maxCount else {
            throw .parse("Range", text, "a range is first-last, e.g. 0-9")
        }
        if parts[1].isEmpty { return (first, nil) }
        guard let last = Int(parts[1]), last >= first, last <= RESTQuery.maxCount else { throw .range(text) }
        return (first, last - first + 1)
    }

    /// The query string's `key=value` pairs, decoded as a form is (`+` is a space, as PostgREST and
    /// the clients that send it read it: httpx writes `eq.Bench+Press`), then percent-decoded
    /// (`PGRST100` for a bad escape).
    static func items(_ query: String) throws(RESTError) -> [(key: String, value: String)] {
        guard !query.isEmpty else { return [] }
        var items: [(key: String, value: String)] = []
        let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
        for part in query.split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = decode(pair[0]), let value = decode(pair.count == 2 ? pair[1] : "") else {
                throw .parse(String(pair[0]), String(part), "a bad percent escape")
            }
            items.append((key, value))
        }
        return items
    }
}

extension HTTPField.Name {
    static let prefer = HTTPField.Name("Prefer")!
    static let apiKey = HTTPField.Name("apikey")!
}
