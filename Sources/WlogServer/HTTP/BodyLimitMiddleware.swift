import Hummingbird

/// Gives every request the server's body limit (`WriteLimits.bodyBytes`) before any route reads
/// its body: Hummingbird's `collect(upTo: context.maxUploadSize)` and `JSONBody`'s early 413 read it.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = LifterRequestContext
    let bytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.maxUploadSize = bytes
        return try await next(request, context)
    }
}
