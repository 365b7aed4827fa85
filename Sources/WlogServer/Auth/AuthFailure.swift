import Foundation
import HTTPTypes
import Hummingbird

/// An error of `/auth/v1`, answered in Supabase Auth's shape. A request that names API version
/// 2024-01-01 or later (`X-Supabase-Api-Version`, as every official client sends) gets
/// `{"code": "invalid_credentials", "message": "…"}` and the same header back; an older one gets
/// GoTrue's legacy `{"code": 400, "error_code": "…", "msg": "…"}`.
struct AuthFailure: Error, Sendable {
    static let versionHeader = HTTPField.Name("X-Supabase-Api-Version")!
    static let currentVersion = "2024-01-01"

    var status: HTTPResponse.Status
    var code: String
    var message: String
    var retryAfter: Int? = nil
    /// `weak_password.reasons`.
    var reasons: [String] = []

    static func validation(_ message: String) -> AuthFailure { AuthFailure(status: .badRequest, code: "validation_failed", message: message) }
    static let invalidCredentials = AuthFailure(status: .badRequest, code: "invalid_credentials", message: "Invalid login credentials")
    static func badJWT(_ message: String) -> AuthFailure { AuthFailure(status: .forbidden, code: "bad_jwt", message: message) }
    static let notAdmin = AuthFailure(status: .forbidden, code: "not_admin", message: "User not allowed: this route needs the service_role key")
    static let otpExpired = AuthFailure(status: .forbidden, code: "otp_expired", message: "Token has expired or is invalid")
    static let refreshNotFound = AuthFailure(status: .badRequest, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found")
    static let userNotFound = AuthFailure(status: .notFound, code: "user_not_found", message: "User not found")

    static func throttled(_ what: String, retryAfter: Int) -> AuthFailure {
        AuthFailure(status: .tooManyRequests, code: "over_request_rate_limit",
                    message: "Too many \(what); retry after \(retryAfter) s", retryAfter: retryAfter)
    }

    /// The answer to `request`.
    func response(for request: Request) -> Response {
        let versioned = request.headers.value(of: Self.versionHeader).map { $0 >= Self.currentVersion } ?? false
        var body: [String: Any] = versioned ? ["code": code, "message": message]
                                            : ["code": Int(status.code), "error_code": code, "msg": message]
        if code == "weak_password" { body["weak_password"] = ["reasons": reasons] }
        var headers = HTTPFields()
        if versioned { headers[Self.versionHeader] = Self.currentVersion }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return AuthReply.json(body, status: status, headers: headers)
    }
}

/// JSON answers of `/auth/v1`.
enum AuthReply {
    static func json(_ body: Any, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: Array(data))))
    }
}
