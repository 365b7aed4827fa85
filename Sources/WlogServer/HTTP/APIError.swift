import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import WlogCore

/// An error answer in seed 004's envelope: `{"success": false, "error": {code, message, details}}`.
///
/// Every failure of a request ends as one of these (`EnvelopeMiddleware` converts the rest):
/// never a stack trace, never a Swift error's text where a lifter's input was at fault.
public struct APIError: Error, HTTPResponseError, Sendable {
    /// One field at fault: its JSON name (dotted for nested ones) and what is wrong with it.
    @JSONObject
    public struct Detail: Codable, Sendable, Hashable {
        public var field: String
        public var message: String
    }

    public var status: HTTPResponse.Status
    /// `VALIDATION_ERROR`, `UNAUTHORIZED`, `NOT_FOUND` …
    public var code: String
    public var message: String
    public var details: [Detail]
    /// Extra response headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, details: [Detail] = [], headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers
    }

    /// 400 naming one field.
    public static func validation(field: String, _ message: String) -> APIError {
        APIError(.badRequest, code: "VALIDATION_ERROR", message: field + ": " + message,
                 details: [Detail(field: field, message: message)])
    }

    /// 400 from the engine's refusal: the field, the value and the fix.
    public static func refused(_ refusal: Refusal, field: String? = nil) -> APIError {
        // The engine's fixes name the CLI's flag; the API's is a body field.
        let allowed = refusal.allowed.replacingOccurrences(of: "add --force", with: "send \"force\": true")
        let message = refusal.value + " " + refusal.problem + " — " + allowed
            + (refusal.suggestions.isEmpty ? "" : " (did you mean " + refusal.suggestions.joined(separator: ", ") + "?)")
        let name = field ?? refusal.field
        return APIError(.badRequest, code: "VALIDATION_ERROR", message: name + ": " + message,
                        details: [Detail(field: name, message: message)])
    }

    /// 422 `IDEMPOTENCY_KEY_REUSED`: the key's first request asked for something else (Stripe's
    /// and the IETF idempotency draft's answer); `what` names the first difference.
    static func idempotencyKeyReused(_ what: String) -> APIError {
        APIError(.unprocessableContent, code: "IDEMPOTENCY_KEY_REUSED",
                 message: "this Idempotency-Key was used for a different request (\(what)) — send a new key with a new request",
                 details: [.init(field: "Idempotency-Key", message: "reused with a different " + what)])
    }

    public static func unauthorized(_ message: String) -> APIError {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer realm=\"wlog\""
        return APIError(.unauthorized, code: "UNAUTHORIZED", message: message, headers: headers)
    }

    /// 404 for anything the lifter cannot see: another lifter's id answers exactly as an unknown one.
    public static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "NOT_FOUND", message: what + " was not found")
    }

    public static func unavailable(_ message: String, retryAfter: Int = 5) -> APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = String(retryAfter)
        return APIError(.serviceUnavailable, code: "SERVICE_UNAVAILABLE", message: message, headers: headers)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try response()
    }

    /// The error envelope with its status and headers.
    func response() throws -> Response {
        let body = ErrorEnvelope(error: .init(code: code, message: message, details: details))
        var response = try JSONBody.response(body, status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

/// `{"success": false, "error": {…}}`.
@JSONObject
struct ErrorEnvelope: Encodable {
    @JSONObject
    struct Failure: Encodable {
        var code: String
        var message: String
        var details: [APIError.Detail]
    }
    var success = false
    var error: Failure
}
