import WlogCore

/// Ids as lifters type them: 8-digit short forms, unique prefixes of 4+ hex digits, caller ids.
enum EventIDText {
    /// A caller's `--id`: 32 hex digits as they are, any other text hashed to 128 bits (FNV-1a),
    /// so `--id retry-7` is stable across retries.
    static func parse(caller text: String) throws -> EventID {
        if let id = EventID(hex: text.lowercased()) { return id }
        guard !text.isEmpty else { throw WlogError.usage("--id must not be empty") }
        return EventID(stableHashOf: "wlog-cli-id:" + text)
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

extension EventID {
    /// A stable 128-bit id from text: FNV-1a 128-bit over its UTF-8 bytes.
    init(stableHashOf text: String) {
        // FNV-1a 128: offset basis 0x6c62272e07bb014262b821756295c58d, prime 2^88 + 0x13b.
        var high: UInt64 = 0x6c62_272e_07bb_0142
        var low: UInt64 = 0x62b8_2175_6295_c58d
        for byte in text.utf8 {
            low ^= UInt64(byte)
            // (high, low) *= 2^88 + 0x13b
            let (lowProductHigh, lowProduct) = low.multipliedFullWidth(by: 0x13b)
            let newHigh = high &* 0x13b &+ lowProductHigh &+ (low << 24)
            high = newHigh
            low = lowProduct
        }
        self.init(high: high, low: low)
    }
}
