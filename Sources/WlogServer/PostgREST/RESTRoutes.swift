import Hummingbird
import WlogCore
import WlogStore

/// `/rest/v1/{table}`: an app's tables as PostgREST serves them, each a view of the caller's
/// events (docs/PLATES.md). Reads are projections of the lifter's state; a write is one commit
/// of the commands its rows become. Every answer that is not a success is PostgREST's error
/// shape, never the Treoir envelope, never a 5xx for a bad query.
struct RESTRoutes: Sendable {
    let support: RouteSupport
    let verifier: TokenVerifier
    let schema: RESTSchema
    let perAddress: RateLimiter
    let perLifter: RateLimiter

    func register(on router: Router<LifterRequestContext>) {
        let group = router.group("rest/v1")
        for method in [HTTPRequest.Method.get, .head, .post, .patch, .delete, .put] {
            group.on(":table", method: method, use: handle)
        }
    }

    @Sendable func handle(_ request: Request, context: LifterRequestContext) async throws -> Response {
        do {
            return try await answer(request, context: context)
        } catch let error as RESTError {
            return error.response()
        } catch {
            let api = EnvelopeMiddleware.apiError(error, logger: context.logger)
            var response = RESTError(status: api.status, code: api.status == .unauthorized ? "PGRST301" : api.code,
                                     message: api.message).response()
            response.headers.append(contentsOf: api.headers)
            return response
        }
    }

    private func answer(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try perAddress.check(context.peer, what: "address")
        let principal = try await principal(request)
        if case .lifter(let lifter) = principal { try perLifter.check(lifter.uuid, what: "user") }
        let table = try schema.table(try support.parameter(context, "table"))
        let asked = try RESTRequest(request)
        var query = try RESTQuery(asked.items, table: table, schema: schema)
        if let range = asked.range, request.method == .get || request.method == .head {
            query.offset += range.offset
            if let limit = range.limit { query.limit = min(query.limit ?? limit, limit) }
        }
        let now = support.now()
        switch request.method {
        case .get, .head:
            // The rows depend on the lifter's stream and the request only (not the clock): an answer is kept while the stream stays.
            let key = "rest \(request.method) \(request.uri) \(asked.single) \(asked.count) \(request.headers[.range] ?? "")"
            return try await read(table, query, asked, principal: principal, now: now, head: request.method == .head, cacheKey: key)
        case .post, .patch, .delete:
            guard case .lifter(let lifter) = principal else {
                if request.method == .post { throw RESTError.rowLevelSecurity(table: table.name, anonymous: principal == .anonymous) }
                return try RESTWrites.answer([], table: table, query: query, asked: asked, status: .ok, source: nil, schema: schema)
            }
            let body = request.method == .delete ? [] : Array(try await request.body.collect(upTo: context.maxUploadSize).readableBytesView)
            let write = RESTWrites(table: table, schema: schema, query: query, asked: asked, store: support.store, now: now)
            return try await write.run(request.method, body: body, lifter: lifter)
        default:
            throw RESTError.unsupported("\(request.method) (PUT)", hint: "insert with POST, upsert with POST and Prefer: resolution=merge-duplicates")
        }
    }

    /// The caller: the bearer token, else the `apikey` header (as Supabase's gateway takes it).
    private func principal(_ request: Request) async throws -> Principal {
        var token = request.headers[.apiKey]
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw RESTError.jwt("the Authorization header must be \"Bearer <token>\"")
            }
            token = BearerAuthMiddleware.trimmed(parts[1])
        }
        guard let token else { throw RESTError.jwt("No API key found in request (send apikey or Authorization: Bearer)") }
        let principal = try await verifier.principal(fromBearer: token)
        if principal == .serviceRole {
            throw RESTError.unsupported("the service-role key on /rest/v1", hint: "sign in as the user; operators import with wlog import plates")
        }
        return principal
    }

    private func read(_ table: any RESTTable, _ query: RESTQuery, _ asked: RESTRequest, principal: Principal, now: Instant,
                      head: Bool, cacheKey: String) async throws -> Response {
        let schema = self.schema
        let body: @Sendable (LifterView?) throws -> Response = { view in
            let source = RESTSource(principal: principal, view: view, now: now)
            let rows = RESTEngine.matching(table, query, source)
            if query.offset > 0, query.offset >= rows.count, asked.count, !rows.isEmpty || query.offset > 0 {
                throw RESTError.range("offset \(query.offset) is past the \(rows.count) rows")
            }
            let page = RESTEngine.page(rows, offset: query.offset, limit: query.limit)
            if asked.single, page.count != 1 { throw RESTError.notOneRow(page.count) }
            var response = RESTWrites.response(head ? nil : RESTEngine.render(page, select: query.select, table: table, schema: schema,
                                                                             source: source, single: asked.single), status: .ok)
            let total = asked.count ? String(rows.count) : "*"
            response.headers[.contentRange] = page.isEmpty ? "*/\(total)"
                : "\(query.offset)-\(query.offset + page.count - 1)/\(total)"
            return response
        }
        guard case .lifter(let lifter) = principal else { return try body(nil) }
        return try await support.store.read(lifter, cacheKey: cacheKey) { view in KeptResponse(try body(view)) }.response
    }
}
