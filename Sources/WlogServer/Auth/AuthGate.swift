import HTTPTypes
import Hummingbird
import WlogStore

/// The middleware of `/auth/v1`: checks the `apikey` header (or `?apikey=`) names one of the
/// server's keys when `keys` is given (401 otherwise, as Supabase's gateway answers), and turns
/// every failure into Supabase Auth's error shape (`AuthFailure`) instead of the Treoir envelope.
struct AuthGate: RouterMiddleware {
    typealias Context = LifterRequestContext
    let keys: APIKeys?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            if let keys {
                guard let key = request.headers.value(of: .apikey) ?? request.uri.queryParameters["apikey"].map(String.init) else {
                    throw AuthFailure(status: .unauthorized, code: "no_api_key", message: "No API key found in request (the apikey header)")
                }
                guard Secrets.equal(key, keys.anon) || Secrets.equal(key, keys.serviceRole) else {
                    throw AuthFailure(status: .unauthorized, code: "invalid_api_key", message: "Invalid API key")
                }
            }
            return try await next(request, context)
        } catch let failure as AuthFailure {
            return failure.response(for: request)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return AuthFailure(status: .contentTooLarge, code: "request_too_large", message: "the body is too large").response(for: request)
        } catch let error as StoreError {
            context.logger.error("accounts store failed", metadata: ["error": "\(error)"])
            return AuthFailure(status: .serviceUnavailable, code: "unexpected_failure", message: "the accounts store is unavailable; retry shortly")
                .response(for: request)
        }
    }
}

extension HTTPField.Name {
    static let apikey = HTTPField.Name("apikey")!
}
