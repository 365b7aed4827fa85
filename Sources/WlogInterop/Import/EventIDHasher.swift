import WlogCore

/// A deterministic 128-bit event id for an imported row: `StableHasher` over its parts.
///
/// Imported events are named by what they are (format, workout key, row position), never by a
/// random number, so a re-import of the same rows yields the same ids and the journal skips them.
struct EventIDHasher {
    private var hasher = StableHasher()

    /// Starts a hash with a domain tag.
    init(_ parts: String...) {
        combine("wlog-import-v1")
        for part in parts { combine(part) }
    }

    /// Adds one part.
    mutating func combine(_ part: String) { hasher.combine(part) }

    /// Adds one integer part as decimal text.
    mutating func combine(_ value: Int) { combine(String(value)) }

    /// The id.
    var id: EventID { hasher.id }

    /// The id of the `set.logged` of the row at `position` of the workout keyed `key`.
    static func row(_ format: ImportFormat, workout key: String, position: Int) -> EventID {
        var hasher = EventIDHasher(format.rawValue)
        for part in [key, "row", String(position)] { hasher.combine(part) }
        return hasher.id
    }
}
