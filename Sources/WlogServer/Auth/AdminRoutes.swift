import Foundation
import Hummingbird

/// `/auth/v1/admin/…`: GoTrue's admin API, for the service-role key only (403 `not_admin` for
/// any other bearer, the anon key included).
struct AdminRoutes: Sendable {
    let service: AuthService
    let verifier: TokenVerifier
    let link: @Sendable (Request) -> @Sendable (String) -> String

    func register(on admin: RouterGroup<LifterRequestContext>) {
        admin.get("users") { request, _ in
            try await requireService(request)
            return AuthReply.json(try await service.adminList())
        }
        admin.post("users") { request, context in
            try await requireService(request)
            return AuthReply.json(try await service.adminCreate(body: try await AuthRoutes.body(request, context)))
        }
        admin.get("users/:id") { request, context in
            try await requireService(request)
            return AuthReply.json(try await service.user(try id(context)))
        }
        admin.put("users/:id") { request, context in
            try await requireService(request)
            return AuthReply.json(try await service.adminUpdate(try id(context), body: try await AuthRoutes.body(request, context)))
        }
        admin.delete("users/:id") { request, context in
            try await requireService(request)
            try await service.adminDelete(try id(context))
            return AuthReply.json([String: Any]())
        }
        admin.post("generate_link") { request, context in
            try await requireService(request)
            return AuthReply.json(try await service.generateLink(body: try await AuthRoutes.body(request, context), link: link(request)))
        }
    }

    func id(_ context: LifterRequestContext) throws -> String {
        guard let id = context.parameters.get("id")?.lowercased(), UUID(uuidString: id) != nil else {
            throw AuthFailure.validation("id: not a user id (a UUID)")
        }
        return id
    }

    func requireService(_ request: Request) async throws {
        guard let header = request.headers.value(of: .authorization), let token = BearerAuthMiddleware.bearerToken(header),
              (try? await verifier.principal(fromBearer: token)) == .serviceRole else {
            throw AuthFailure.notAdmin
        }
    }
}
