import WlogCore

/// Ids as lifters type them: 8-digit short forms, unique prefixes of 4+ hex digits, caller ids.
enum EventIDText {
    /// A caller's `--id`: 32 hex digits as they are, any other text hashed to 128 bits (`StableHasher`),
    /// so `--id retry-7` is stable across retries.
    static func parse(caller text: String) throws -> EventID {
        if let id = EventID(hex: text.lowercased()) { return id }
        guard !text.isEmpty else { throw WlogError.usage("--id must not be empty") }
        var hasher = StableHasher()
        hasher.feed(("wlog-cli-id:" + text).utf8)
        return hasher.id
    }

    /// Resolves a prefix of 4 or more hex digits among `candidates`.
    static func resolve(_ text: String, in candidates: some Sequence<EventID>, what: String) throws -> EventID {
        let prefix = text.lowercased()
        guard prefix.count >= 4, prefix.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw WlogError.usage("\(what) id '\(text)' is not an id: give 4 or more hex digits, as shown by wlog (e.g. 3f9a21c0)")
        }
        let matches = candidates.filter { $0.hex.hasPrefix(prefix) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw WlogError.refused("\(what) \(text) is unknown — check the id with wlog history or wlog audit")
        default:
            let shown = matches.sorted().prefix(5).map(\.short).joined(separator: ", ")
            throw WlogError.usage("\(what) id '\(text)' is ambiguous (\(matches.count) match: \(shown)); give more digits")
        }
    }
}
