import Foundation
import JWTKit
#if canImport(Glibc)
import Glibc
#endif

/// The project's two API keys, as Supabase makes them: HS256 JWTs signed with the server's secret,
/// claims `{"iss":"wlog","role":"anon"|"service_role","iat","exp"}` valid ten years. Made on first
/// start and kept beside the secret in `DATA/api-keys.json` (0600), so they stay the same across
/// restarts; `wlog serve keys` prints them. The anon key is public (apps embed it); the
/// service-role key is the operator's (admin routes).
public struct APIKeys: Sendable, Equatable, Codable {
    public static let fileName = "api-keys.json"
    static let anonRole = "anon"
    static let serviceRole = "service_role"
    static let lifetime: TimeInterval = 10 * 365 * 86_400

    public var anon: String
    public var serviceRole: String

    enum CodingKeys: String, CodingKey {
        case anon
        case serviceRole = "service_role"
    }

    /// The keys under `data`, made with `secret` and written (0600) when missing. Keys that no
    /// longer verify with `secret` (the secret was replaced) are made again.
    public static func loadOrCreate(in data: String, secret: [UInt8], now: Date = Date()) async throws -> APIKeys {
        let path = data + "/" + fileName
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        if let bytes = FileManager.default.contents(atPath: path), let stored = try? JSONDecoder().decode(APIKeys.self, from: bytes),
           (try? await keys.verify(stored.anon, as: APIKeyToken.self)) != nil,
           (try? await keys.verify(stored.serviceRole, as: APIKeyToken.self)) != nil {
            return stored
        }
        func key(_ role: String) async throws -> String {
            try await keys.sign(APIKeyToken(iss: "wlog", role: role, iat: .init(value: now), exp: .init(value: now.addingTimeInterval(lifetime))))
        }
        let made = APIKeys(anon: try await key(anonRole), serviceRole: try await key(serviceRole))
        try DurableFile.replace(path, with: Array(try made.json().utf8))
        return made
    }

    /// `{"anon": "...", "service_role": "..."}`.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// A small file replaced whole and durably: written to a temporary sibling (0600), synced,
/// renamed over the old one, and the folder synced.
enum DurableFile {
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary]) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
    }
}
