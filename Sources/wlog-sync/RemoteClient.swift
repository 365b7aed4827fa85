import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server's change feed, both ways (docs/SERVER.md, "Change feed"): `GET /api/v1/events`
/// pages and `POST /api/v1/events` batches, with the lifter's bearer token.
struct RemoteClient {
    /// `…/api/v1`, from the URL the lifter gave (with or without the path).
    let base: String
    let token: String
    let session: URLSession

    init(url: String, token: String) {
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        if !base.hasSuffix("/api/v1") { base += "/api/v1" }
        self.base = base
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    struct Page: Decodable {
        var events: [String]
        var next: String
        var hasMore: Bool
    }

    struct BatchResult: Decodable {
        var appended: Int
        var duplicates: Int
        var last: String
    }

    private struct Envelope<T: Decodable>: Decodable {
        var success: Bool
        var data: T?
        var error: Failure?
    }

    private struct Failure: Decodable {
        var code: String
        var message: String
    }

    /// The events after `cursor`, at most `limit`.
    func page(after cursor: UInt64, limit: Int = 1000) async throws -> Page {
        try await call("GET", "/events?after=\(cursor)&limit=\(limit)", body: nil)
    }

    /// Appends `lines` as one commit on the server.
    func push(_ lines: [String]) async throws -> BatchResult {
        try await call("POST", "/events", body: try JSONEncoder().encode(["events": lines]))
    }

    private func call<T: Decodable>(_ method: String, _ path: String, body: Data?) async throws -> T {
        guard let url = URL(string: base + path) else {
            throw SyncError(.usage, "\(base) is not a URL; give the server's address, e.g. https://wlog.example.com")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        var waits = 0
        while true {
            let data: Data, response: URLResponse
            do {
                (data, response) = try await session.data(for: request)
            } catch {
                throw SyncError(.unavailable, "cannot reach \(base): \(error.localizedDescription); nothing was lost — sync again when it is back")
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let envelope = try? JSONDecoder().decode(Envelope<T>.self, from: data)
            if (200..<300).contains(status), let value = envelope?.data { return value }
            let reason = envelope?.error.map { "\($0.code): \($0.message)" } ?? String(decoding: data.prefix(300), as: UTF8.self)
            // A rate or growth limit (429): nothing was appended, and the server says when to ask again.
            if status == 429, waits < Self.waitsInARow,
               let wait = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After").flatMap(Int.init),
               (1...Self.longestWait).contains(wait) {
                waits += 1
                FileHandle.standardError.write(Data("wlog sync: \(base) asks to wait \(wait) s (\(reason)); waiting\n".utf8))
                try await Task.sleep(for: .seconds(wait))
                continue
            }
            throw Self.failure(status: status, reason: reason, method: method, path: path, base: base)
        }
    }

    /// The longest `Retry-After` a sync waits out (seconds), and how many times in a row for one
    /// request; past either it stops as for any other refusal, and a later sync sends again what
    /// the server lacks (it appends a batch at most once).
    static let longestWait = 300
    static let waitsInARow = 30

    private static func failure(status: Int, reason: String, method: String, path: String, base: String) -> SyncError {
        switch status {
        case 401, 403:
            SyncError(.unauthorized, "\(base) refused the token (\(status) \(reason)); set $WLOG_TOKEN or the remote's token file to a valid token (wlog serve token)")
        case 400..<500:
            SyncError(.refused, "\(method) \(path) answered \(status) \(reason); nothing was appended")
        default:
            SyncError(.unavailable, "\(method) \(path) answered \(status) \(reason); nothing was lost — sync again later")
        }
    }
}
