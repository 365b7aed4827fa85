import Foundation
import Crypto
import JWTKit
import WlogStore
#if canImport(Glibc)
import Glibc
#endif

/// The embedded default's HS256 secret: `DATA/jwt-secret`, 32 random bytes as hex, mode 0600,
/// created on first start. `wlog serve token` signs with it, so a newcomer can call the API at
/// once; a deployment behind Supabase passes its project's secret or JWKS instead.
public enum ServerSecret {
    public static let fileName = "jwt-secret"

    /// The secret under `data`, created (0600, folder 0700) when missing.
    public static func loadOrCreate(in data: String) throws -> [UInt8] {
        let path = data + "/" + fileName
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            return Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        }
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            // Another process made it first: use theirs.
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            return Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        }
        defer { close(fd) }
        let line = Array((hex + "\n").utf8)
        guard write(fd, line, line.count) == line.count, fsync(fd) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return Array(hex.utf8)
    }

    /// An HS256 token for `lifter` (a UUID) valid `days` days from `now`, `aud` `authenticated`.
    public static func mint(secret: [UInt8], lifter: String, email: String?, days: Int, now: Date = Date()) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        let claims = LifterToken(sub: .init(value: lifter), aud: .init(value: ["authenticated"]),
                                 exp: .init(value: now.addingTimeInterval(Double(days) * 86_400)),
                                 nbf: nil, iat: .init(value: now), email: email, role: "authenticated")
        return try await keys.sign(claims)
    }
}

extension ServerSecret {
    /// The lifter id for `user`: a UUID as given (lower case), else the name-based UUID (v5
    /// layout, SHA-1 of the lower-cased text) of an email, so one email always names one lifter.
    public static func lifter(forUser user: String) -> (uuid: String, email: String?) {
        if let id = WlogStore.LifterID(user) { return (id.uuid, nil) }
        let email = user.trimmingCharacters(in: .whitespaces).lowercased()
        var bytes = Array(Insecure.SHA1.hash(data: Array(("wlog-lifter:" + email).utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return (parts.joined(separator: "-"), email)
    }
}
