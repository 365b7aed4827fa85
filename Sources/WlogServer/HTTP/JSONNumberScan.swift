import Foundation

/// The number literals of a JSON body that no `Double` can hold (`1e400`, `-1e999`, 400 digits),
/// which Foundation's decoders refuse as a whole ("not valid JSON") without saying where.
/// A linear scan of the bytes: strings are skipped, each number literal is read with the dotted
/// path of the object keys it sits under (`sets[2].weightKg` is reported as `sets.weightKg`).
enum JSONNumberScan {
    /// What is wrong with `literal`, as every face tells it.
    static func problem(_ literal: String) -> String {
        "\(literal) is beyond any number (±1.8e308); send a number within the field's range"
    }

    /// The first literal out of range: its field path and its first characters; nil when there is none.
    static func outOfRange(_ bytes: Data) -> (field: String, literal: String)? {
        let bytes = [UInt8](bytes)
        var keys: [String?] = []  // the key each open container sits under (nil in an array)
        var pendingKey: String?
        var lastString: String?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                lastString = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
                index = end + 1
                continue
            case UInt8(ascii: ":"):
                pendingKey = lastString
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                keys.append(pendingKey)
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = keys.popLast()
            case UInt8(ascii: ","):
                pendingKey = nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
                let literal = String(decoding: bytes[index..<end], as: UTF8.self)
                if !(Double(literal)?.isFinite ?? false) {
                    let path = (keys + [pendingKey]).compactMap { $0 }.joined(separator: ".")
                    return (path.isEmpty ? "body" : path, literal.count > 24 ? String(literal.prefix(24)) + "…" : literal)
                }
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
