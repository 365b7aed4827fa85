/// Why a journal line could not be read as an event: where, at which key, and what was expected.
///
/// `offset` is the byte offset in the line (0-based) where the problem was found; `key` is the
/// JSON key whose value was being read, if any. The description reads like
/// `byte 57, key "weight": expected a decimal string such as "102.5"`.
public struct EventDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of problem.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The bytes are not well-formed JSON (or not a single object).
        case syntax
        /// A string is not valid UTF-8, or an escape is malformed.
        case invalidString
        /// A required key is absent.
        case missingKey
        /// A key's value has the wrong JSON type or is outside its domain.
        case invalidValue
        /// The `type` is not one of the event catalogue.
        case unknownType
        /// The `v` is newer than this reader, or older with no upcaster.
        case unsupportedVersion
        /// Something other than white space follows the object.
        case trailingData
        /// Arrays or objects nested deeper than the reader allows.
        case tooDeep
    }

    /// The class of problem.
    public var kind: Kind
    /// Byte offset in the line.
    public var offset: Int
    /// The key being read, if any.
    public var key: String?
    /// What the reader expected there.
    public var expected: String

    /// Makes an error.
    public init(_ kind: Kind, offset: Int, key: String? = nil, expected: String) {
        self.kind = kind
        self.offset = offset
        self.key = key
        self.expected = expected
    }

    public var description: String {
        var text = "byte \(offset)"
        if let key { text += ", key \"\(key)\"" }
        return text + ": expected " + expected + " (" + kind.rawValue + ")"
    }
}
