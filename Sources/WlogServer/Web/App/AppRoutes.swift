import Foundation
import Hummingbird
import WlogCore

/// `/app/…`: the installable, offline-first web app (docs/WEB.md, "The app"). Its files are
/// public (the shell holds no lifter's data; the app calls `/api/v1` and `/auth/v1` with the
/// lifter's bearer token from the browser's storage, never a cookie). `/app/config.json` tells the
/// app the server's anon key (public by design: apps embed it), the shell's version and files.
struct AppRoutes: Sendable {
    /// The anon key `/auth/v1` wants as `apikey`; nil when the server keeps no accounts.
    let anonKey: String?

    /// The app's security policy: its own scripts and styles only, calls to this origin only.
    static let securityPolicy = "default-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'"

    func register(on router: Router<LifterRequestContext>) {
        // The router matches `/app` and `/app/` alike; the page's relative URLs and the service
        // worker's scope need the slash.
        router.get("app") { request, _ in request.uri.path.hasSuffix("/") ? Self.file("index.html") : HTML.redirect("/app/") }
        router.get("app/config.json") { _, _ in
            let files = AppAssets.files.keys.sorted().map(JSONString.quoted).joined(separator: ",")
            let json = "{\"anonKey\":\(JSONString.quoted(anonKey ?? "")),\"version\":\"\(AppAssets.version)\",\"files\":[\(files)]}"
            return Self.response(Array(json.utf8), type: "application/json", cache: "no-store")
        }
        router.get("app/:file") { _, context in
            Self.file(context.parameters.get("file") ?? "")
        }
    }

    /// A file of the app, or 404. The shell is revalidated on every load (`no-cache`: the service
    /// worker, not the HTTP cache, keeps it offline), so a new binary's app is picked up at once.
    static func file(_ name: String) -> Response {
        guard let file = AppAssets.files[name] else {
            return response(Array("no such file of the app: \(name)\n".utf8), type: "text/plain; charset=utf-8",
                            cache: "no-store", status: .notFound)
        }
        if let folder = developmentFolder, let bytes = FileManager.default.contents(atPath: folder + "/" + name) {
            return response(Array(bytes), type: file.type, cache: "no-store")
        }
        return response(file.bytes, type: file.type, cache: "no-cache")
    }

    /// `WLOG_APP_DIR`: a folder whose files are served instead of the compiled-in ones (editing
    /// the app without rebuilding the server); only names the app has are looked up there.
    static let developmentFolder = ProcessInfo.processInfo.environment["WLOG_APP_DIR"]

    static func response(_ bytes: [UInt8], type: String, cache: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = cache
        headers[.contentSecurityPolicy] = securityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
