import HTTPTypes
import WlogCore

/// The sizes a lifter may grow what every lifter shares (the disk, the server's memory): one
/// place for each limit, read by every way in (docs/SERVER.md, "Input sizes").
///
/// The body limit is applied as a request's body is read (`BodyLimitMiddleware`); the note, name
/// and growth limits on the events of each commit, whatever face decided them (`LimitedStore`),
/// before anything is appended. Each refusal names the field, the value's size and the limit.
public struct WriteLimits: Sendable, Equatable {
    /// The most UTF-8 bytes a note may have (`notes`, `note`, `reason`, `pinned_note`,
    /// `attachment`): a page of text is about 3,000.
    public var noteBytes = 4_096
    /// The most characters any other text of an event may have (names, ids, titles, aliases).
    /// The engine refuses an exercise's id, name or alias past `Exercise.textLimit` on its own.
    public var nameCharacters = Exercise.textLimit
    /// The largest request body (413 past it, before any of it is read when its length is declared).
    public var bodyBytes = 1 << 20
    /// The bytes of journal lines one lifter may add in a minute (a bucket that holds one
    /// minute's worth and refills continuously); 0: no limit.
    public var growthBytesPerMinute = 8 << 20

    public init() {}

    /// The keys of the line format whose text is a note (`noteBytes`); every other text is a name.
    static let noteKeys: Set<String> = ["notes", "note", "reason", "pinned_note", "attachment"]

    /// The bytes `events` add to a journal (their lines as the store writes them), or 413 naming
    /// the first of their texts past its limit.
    func measure(_ events: [Event]) throws -> Int {
        var total = 0
        for event in events {
            let line = EventCodec.encodePending(event)
            total += line.count
            // Only a line with a string (escapes and all) longer than the smaller limit can hold a
            // text past a limit: the others are not parsed (a set's line has none such).
            guard Self.longestString(in: line) > min(noteBytes, nameCharacters) else { continue }
            guard let value = try? line.withUnsafeBytes({ bytes in try JSONValue.parse(bytes) }) else { continue }
            try checkTexts(value, key: "")
        }
        return total
    }

    /// The most bytes between a pair of quotes in `line`, escapes counted as written: never fewer
    /// than the text they decode to has.
    static func longestString(in line: [UInt8]) -> Int {
        var longest = 0, start = -1, escaped = false
        for (index, byte) in line.enumerated() {
            if start < 0 {
                if byte == UInt8(ascii: "\"") { start = index + 1 }
            } else if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                longest = max(longest, index - start)
                start = -1
            }
        }
        // An unclosed string (not a line the codec writes) counts to the end.
        return start < 0 ? longest : max(longest, line.count - start)
    }

    private func checkTexts(_ value: JSONValue, key: String) throws {
        switch value {
        case .string(let text):
            if Self.noteKeys.contains(key) {
                let bytes = text.utf8.count
                if bytes > noteBytes { throw Self.tooLarge(key, "\(bytes) bytes", "\(noteBytes) bytes a note", flag: "--max-note-bytes") }
            } else if exceedsNameLimit(text) {
                throw Self.tooLarge(key, "\(text.count) characters", "\(nameCharacters) characters a name", flag: "--max-name-chars")
            }
        case .array(let items):
            for item in items { try checkTexts(item, key: key) }
        case .object(let object):
            for member in object.members { try checkTexts(member.value, key: member.key) }
        case .null, .bool, .number:
            return
        }
    }

    /// Whether `text` has more than `nameCharacters` characters, as `Exercise.exceedsTextLimit`
    /// counts them: more than 4 bytes a character is refused without counting.
    private func exceedsNameLimit(_ text: String) -> Bool {
        let bytes = text.utf8.count
        if bytes <= nameCharacters { return false }
        return bytes > 4 * nameCharacters || text.count > nameCharacters
    }

    /// 413 `PAYLOAD_TOO_LARGE` naming `field`, its size and the limit.
    static func tooLarge(_ field: String, _ size: String, _ limit: String, flag: String) -> APIError {
        let message = "is \(size), more than the \(limit) may have on this server (wlog serve \(flag))"
        return APIError(.contentTooLarge, code: "PAYLOAD_TOO_LARGE", message: field + ": " + message,
                        details: [.init(field: field, message: message)])
    }

    /// 413 for a body past `limit` bytes (`bodyBytes`; `size`: its declared length, when known).
    static func bodyTooLarge(limit: Int, size: Int?) -> APIError {
        tooLarge("body", size.map { "\($0) bytes" } ?? "more than \(limit) bytes", "\(limit) bytes a request body", flag: "--max-body-bytes")
    }

    /// 429 `GROWTH_LIMITED`: the lifter's journal grew its minute's worth; `Retry-After` says when
    /// `bytes` more fit.
    func growthLimited(bytes: Int, retryAfter: Int) -> APIError {
        let message = "these \(bytes) bytes of events would grow this lifter's journal past the \(growthBytesPerMinute) bytes "
            + "a minute allowed on this server (wlog serve --max-growth-per-minute); retry after \(retryAfter) s"
        var error = APIError(.tooManyRequests, code: "GROWTH_LIMITED", message: "events: " + message,
                             details: [.init(field: "events", message: message)])
        error.headers[.retryAfter] = String(retryAfter)
        return error
    }
}
