import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import WlogServer

/// The app's files at `/app/` (docs/WEB.md, "The app"): every file the service worker caches is
/// served with its type and the app's security policy, `/app` goes to `/app/`, `config.json`
/// names the server's anon key, the version and exactly the files served (every file of the
/// app's folder); anything else is 404.
@Suite struct AppRoutesTests {
    @Test func everyFileIsServedAndConfigNamesThem() async throws {
        let harness = try ServerHarness()
        defer { harness.remove() }
        try await harness.run { client in
            let bare = try await WebPagesTests.send(client, .get, "/app")
            #expect(bare.status == .seeOther)
            #expect(bare.headers[.location] == "/app/")
            let index = try await WebPagesTests.send(client, .get, "/app/")
            #expect(index.status == .ok)
            #expect(index.headers[.contentType] == "text/html; charset=utf-8")
            #expect(index.body.contains("<script type=\"module\" src=\"main.js\"></script>"))
            #expect(index.headers[.contentSecurityPolicy] == AppRoutes.securityPolicy)

            let config = try await WebPagesTests.send(client, .get, "/app/config.json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(config.body.utf8)) as? [String: Any])
            let keys = try await APIKeys.loadOrCreate(in: harness.data, secret: ServerHarness.secret)
            #expect(json["anonKey"] as? String == keys.anon)
            #expect(json["version"] as? String == AppAssets.version)
            let files = try #require(json["files"] as? [String])
            #expect(files == AppAssets.files.keys.sorted())
            // Every file of the app's folder is served (a file added there but not to AppAssets would be missing offline).
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/WlogServer/Resources/app").path
            #expect(files == (try FileManager.default.contentsOfDirectory(atPath: folder)).sorted())
            for name in files {
                let file = try await WebPagesTests.send(client, .get, "/app/" + name)
                #expect(file.status == .ok, "\(name)")
                #expect(file.headers[.contentType] == AppAssets.files[name]?.type, "\(name)")
                #expect(file.headers[.cacheControl] == "no-cache", "\(name)")
            }
            let missing = try await WebPagesTests.send(client, .get, "/app/secret.js")
            #expect(missing.status == .notFound)
            #expect(missing.body == "no such file of the app: secret.js\n")
            let traversal = try await WebPagesTests.send(client, .get, "/app/..%2Fjwt-secret")
            #expect(traversal.status == .notFound)
        }
    }
}
