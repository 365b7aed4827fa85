import Crypto
import Foundation

/// The random strings and digests of accounts: refresh tokens, one-time codes, link tokens and
/// PKCE codes are made here and stored only as their SHA-256, compared in constant time.
enum Secrets {
    /// `bytes` random bytes as lower-case hex.
    static func token(bytes: Int = 24) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in hexDigits(UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Six random decimal digits (leading zeros kept).
    static func sixDigits() -> String {
        var generator = SystemRandomNumberGenerator()
        let n = Int.random(in: 0..<1_000_000, using: &generator)
        let text = String(n)
        return String(repeating: "0", count: 6 - text.count) + text
    }

    /// A random UUID in lower case (ids of sessions).
    static func uuid() -> String { UUID().uuidString.lowercased() }

    /// SHA-256 of `text`, as hex.
    static func digest(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).map(hexDigits).joined()
    }

    /// Whether `a` and `b` are equal, in time that depends only on their lengths.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// The S256 PKCE challenge of `verifier`: base64url (no padding) of its SHA-256.
    static func pkceChallenge(_ verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Array(verifier.utf8))))
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
