extension Exercise {
    /// The longest exercise name, alias or id accepted, in characters (the library's longest name
    /// has 42). Longer text is refused before any matching, so resolving an exercise, and its
    /// did-you-mean search, never costs more than this bound whatever a client sends.
    public static let textLimit = 200

    /// Whether `text` is longer than ``textLimit`` characters; constant time for a text many
    /// times longer (its UTF-8 length is checked first).
    public static func exceedsTextLimit(_ text: some StringProtocol) -> Bool {
        let bytes = text.utf8.count
        if bytes <= textLimit { return false }
        return bytes > 4 * textLimit || text.count > textLimit
    }

    /// The refusal of an exercise text over ``textLimit`` in `field`: its first characters, its
    /// length and the limit (never the whole text back).
    static func overLimit(_ text: some StringProtocol, field: String) -> Refusal {
        Refusal(field: field, value: "\"" + text.prefix(32) + "…\" (\(text.utf8.count) bytes)",
                problem: "is too long", allowed: "an exercise's id, name or alias has at most \(textLimit) characters")
    }
}
