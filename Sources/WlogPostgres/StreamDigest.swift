import Crypto

/// A chain of SHA-256 digests over a stream's lines: `d₀` = 32 zero bytes, `dₙ = SHA-256(dₙ₋₁ ‖ lineₙ)`.
/// Two stores hold the same stream exactly when counts and final digests agree.
package struct StreamDigest: Sendable, Equatable {
    package private(set) var count: UInt64 = 0
    private var digest = [UInt8](repeating: 0, count: 32)

    package init() {}

    package mutating func feed(_ line: String) {
        var hasher = SHA256()
        hasher.update(data: digest)
        hasher.update(data: Array(line.utf8))
        digest = Array(hasher.finalize())
        count += 1
    }

    /// The last digest in hex.
    package var hex: String { digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
}
