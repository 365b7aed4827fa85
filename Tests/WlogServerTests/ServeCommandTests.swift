import Foundation
import Testing
@testable import WlogServer

/// `wlog serve`'s command line as a newcomer meets it (issue 31): `--help` shows `run`'s
/// options; `token --jwt-secret-file` signs with the secret the server is started with.
@Suite struct ServeCommandTests {
    static let server = ServerHarness.wlogBinary.deletingLastPathComponent().appendingPathComponent("wlog-server")

    @Test func helpShowsRunsOptions() async throws {
        let help = try await ServerHarness.wlog(["--help"], program: Self.server)
        #expect(help.status == 0, "\(help.stderr)")
        for option in ["token", "migrate", "--listen", "--data", "--jwt-secret-file", "--cors-origin", "--store"] {
            #expect(help.stdout.contains(option), "\(option) missing from:\n\(help.stdout)")
        }
    }

    @Test func tokenSignsWithTheSecretFile() async throws {
        let folder = NSTemporaryDirectory() + "wlog-serve-token-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/supabase-secret"
        let secret = "a-supabase-jwt-secret-of-at-least-32-bytes-0123"
        try (secret + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let lifter = "31313131-3131-4131-8131-0000000000aa"
        let signed = try await ServerHarness.wlog(["token", "--user", lifter, "--data", folder + "/data", "--jwt-secret-file", file],
                                                  program: Self.server)
        #expect(signed.status == 0, "\(signed.stderr)")
        let verifier = try await TokenVerifier(hmacSecret: Array(secret.utf8), jwks: nil)
        #expect(try await verifier.lifter(fromBearer: signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).uuid == lifter)
        // Without the flag the data folder's own secret signs: the file's verifier refuses it.
        let own = try await ServerHarness.wlog(["token", "--user", lifter, "--data", folder + "/data"], program: Self.server)
        await #expect(throws: (any Error).self) {
            try await verifier.lifter(fromBearer: own.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let short = folder + "/short"
        try "too-short".write(toFile: short, atomically: true, encoding: .utf8)
        let refused = try await ServerHarness.wlog(["token", "--user", lifter, "--jwt-secret-file", short], program: Self.server)
        #expect(refused.status != 0 && refused.stderr.contains("needs at least 32"), "\(refused.stderr)")
    }
}
