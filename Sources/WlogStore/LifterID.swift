/// A lifter: the `sub` of their token, a UUID in canonical lower-case form.
///
/// The only way to name a lifter's folder: a text that is not a UUID (`../x`, an email) never
/// becomes a path.
public struct LifterID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lower case.
    public let uuid: String

    /// Accepts a UUID in either case (`8-4-4-4-12` hex digits); nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return nil }
                out.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): out.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): out.append(byte + 32)
            default: return nil
            }
        }
        uuid = String(decoding: out, as: UTF8.self)
    }

    public var description: String { uuid }

    public static func < (a: LifterID, b: LifterID) -> Bool { a.uuid < b.uuid }
}
