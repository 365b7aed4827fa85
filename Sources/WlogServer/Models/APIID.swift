import WlogCore
import WlogStore

/// How the API writes and reads ids.
///
/// Workouts and sets are events: their 128-bit ids are written as UUIDs (`8-4-4-4-12` lower-case
/// hex, the same digits as the journal's 32-hex id) and read in either form. A day's implicit
/// workout (sets logged without a session, as the CLI allows) has its local day as id
/// (`2026-11-20`). Exercises keep their stable slugs (`bench-press`).
enum APIID {
    static func text(_ id: EventID) -> String {
        let hex = Array(id.hex.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, byte) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { out.append(UInt8(ascii: "-")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func event(_ text: String) -> EventID? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            let hex = text.count == 36 ? text.replacingOccurrences(of: "-", with: "") : text
            guard hex.utf8.count == 32 else { return nil }
            return EventID(hex: hex.lowercased())
        }
        // ASCII (every id): the same, without Foundation's string functions.
        var hex: [UInt8] = []
        hex.reserveCapacity(32)
        for byte in utf8 where !(utf8.count == 36 && byte == UInt8(ascii: "-")) {
            hex.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
        guard hex.count == 32 else { return nil }
        return EventID(hex: String(decoding: hex, as: UTF8.self))
    }

    static func text(_ key: WorkoutKey) -> String {
        switch key {
        case .explicit(let id): text(id)
        case .implicit(let day): day.iso
        }
    }

    static func workout(_ text: String) -> WorkoutKey? {
        if let id = event(text) { return .explicit(id) }
        if text.utf8.count == 10, let day = LocalDay(iso: text) { return .implicit(day) }
        return nil
    }

    /// The id a retried request's first event gets: the same lifter, route and `Idempotency-Key`
    /// always give the same id, so the journal keeps one event (docs/SERVER.md, "Retries").
    static func idempotent(_ lifter: LifterID, route: String, key: String) -> EventID {
        var hasher = StableHasher()
        hasher.feed("wlog-idempotency:\(lifter.uuid):\(route):\(key)".utf8)
        return hasher.id
    }
}

extension String {
    /// `"2026-01-15T09:30:00Z"`: the API's instants, UTC, with `.sss` only when not whole seconds.
    init(apiInstant instant: Instant) {
        let text = instant.iso8601
        self = text.hasSuffix(".000Z") ? String(text.dropLast(5)) + "Z" : text
    }
}
