import Hummingbird
import Logging
import NIOCore
import WlogCore
import WlogStore

/// The outermost middleware: every thrown error becomes seed 004's error envelope, and each
/// request is logged with its status and duration. Store errors map to 400 (a refusal), 409
/// (a conflicting write), 503 (a damaged journal or an unavailable store).
struct EnvelopeMiddleware: RouterMiddleware {
    typealias Context = LifterRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            let apiError = Self.apiError(error, request: request, context: context)
            response = try apiError.response(from: request, context: context)
        }
        let elapsed = ContinuousClock.now - start
        context.logger.log(level: response.status.code >= 500 ? .warning : .debug, "request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
            "ms": "\(elapsed.components.attoseconds / 1_000_000_000_000_000 + elapsed.components.seconds * 1000)",
        ])
        return response
    }

    /// What a lifter whose journal is damaged is told, on reads and writes alike (docs/SERVER-STORAGE.md,
    /// "Damaged journals"): nothing is answered from a stream known to be missing committed events.
    static let damagedMessage = "this lifter's journal is damaged: committed events cannot all be read, so nothing is served "
        + "or written until an operator runs `wlog repair` on it (the damaged bytes are moved to quarantine, the readable "
        + "events after them saved for re-append with `wlog append events --salvage`) or restores it from a backup"

    /// `apiError(_:logger:)` for a request: a route's `collect(upTo:)` past the body limit is told
    /// with the limit and the body's declared size.
    static func apiError(_ error: any Error, request: Request, context: Context) -> APIError {
        let answer = Self.apiError(error, logger: context.logger)
        guard answer.status == .contentTooLarge, answer.details.isEmpty else { return answer }
        return WriteLimits.bodyTooLarge(limit: context.maxUploadSize, size: request.headers.value(of: .contentLength).flatMap(Int.init))
    }

    static func apiError(_ error: any Error, logger: Logger) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as StoreError:
            switch error {
            case .refused(let refusal): return .refused(refusal)
            case .damaged(let reason):
                // The reason names the server's files: it goes to the log, not to the client.
                logger.error("journal damaged", metadata: ["reason": "\(reason)"])
                var refused = APIError.unavailable(Self.damagedMessage, retryAfter: 60)
                refused.code = "JOURNAL_DAMAGED"
                return refused
            case .unavailable(let reason):
                logger.error("store unavailable", metadata: ["reason": "\(reason)"])
                return .unavailable("the store is unavailable; retry shortly")
            case .conflict:
                return APIError(.conflict, code: "CONFLICT", message: "another write changed this lifter at the same time; retry")
            }
        case let error as Refusal:
            return .refused(error)
        case is NIOTooManyBytesError:
            // `collect(upTo:)` past the body limit throws NIO's own error.
            return APIError(.contentTooLarge, code: "PAYLOAD_TOO_LARGE", message: "the body is too large")
        case let error as HTTPError:
            switch error.status {
            case .notFound: return .notFound("this path")
            case .contentTooLarge: return APIError(.contentTooLarge, code: "PAYLOAD_TOO_LARGE", message: "the body is too large")
            case .methodNotAllowed: return APIError(.methodNotAllowed, code: "METHOD_NOT_ALLOWED", message: "this method is not allowed on this path")
            case .badRequest: return APIError(.badRequest, code: "VALIDATION_ERROR", message: error.body ?? "bad request")
            default: return APIError(error.status, code: "HTTP_\(error.status.code)", message: error.body ?? error.status.reasonPhrase)
            }
        default:
            logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return APIError(.internalServerError, code: "INTERNAL_ERROR", message: "the server failed to answer; nothing was changed")
        }
    }
}
