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
            let api = EnvelopeMiddleware.apiError(error, request: request, context: context)
            var response = RESTError(status: api.status, code: api.status == .unauthorized ? "PGRST301" : api.code,
                                     message: api.message, details: api.details.first.map { "field " + $0.field }).response()
            response.headers.append(contentsOf: api.headers)
            return response
        }
    }

    private func answer(_ request: Request, context: LifterRequestContext) async throws -> Response {
        try perAddress.check(context.peer, what: "address")
        let principal = try await principal(request)
        if case .lifter(let lifter) = principal { try perLifter.check(lifter.uuid, what: "user") }
        let table = try schema.table(try support.parameter(context, "table"))
        let now = support.now()
        switch request.method {
        case .get, .head:
            return try await read(table, request, principal: principal, now: now)
        case .post, .patch, .delete:
            let (asked, query) = try Self.parsed(request, table: table, schema: schema)
            guard case .lifter(let lifter) = principal else {
                if request.method == .post { throw RESTError.rowLevelSecurity(table: table.name, anonymous: principal == .anonymous) }
                return try RESTWrites.answer([], table: table, query: query, asked: asked, status: .ok, source: nil, schema: schema)
            }
            let body = request.method == .delete ? [] : Array(try await request.body.collect(upTo: context.maxUploadSize).readableBytesView)
            let write = RESTWrites(table: table, schema: schema, query: query, asked: asked, store: support.store, now: now)
            return try await write.run(request.method, body: body, lifter: lifter)
        default:
            _ = try Self.parsed(request, table: table, schema: schema)
            throw RESTError.unsupported("\(request.method) (PUT)", hint: "insert with POST, upsert with POST and Prefer: resolution=merge-duplicates")
        }
    }

    /// What the request asks of `table`: its headers' options and its query, a read's `Range`
    /// folded into the query's offset and limit.
    private static func parsed(_ request: Request, table: any RESTTable, schema: RESTSchema) throws(RESTError) -> (RESTRequest, RESTQuery) {
        let asked = try RESTRequest(request)
        var query = try RESTQuery(asked.items, table: table, schema: schema)
        if let range = asked.range, request.method == .get || request.method == .head {
            query.offset += range.offset
            if let limit = range.limit { query.limit = min(query.limit ?? limit, limit) }
        }
        return (asked, query)
    }

    /// The caller: the bearer token, else the `apikey` header (as Supabase's gateway takes it).
    private func principal(_ request: Request) async throws -> Principal {
        let token: String?
        if let header = request.headers.value(of: .authorization) {
            guard let bearer = BearerAuthMiddleware.bearerToken(header) else {
                throw RESTError.jwt("the Authorization header must be \"Bearer <token>\"")
            }
            token = bearer
        } else {
            token = request.headers.value(of: .apiKey)
        }
        guard let token else { throw RESTError.jwt("No API key found in request (send apikey or Authorization: Bearer)") }
        let principal = try await verifier.principal(fromBearer: token)
        if principal == .serviceRole {
            throw RESTError.unsupported("the service-role key on /rest/v1", hint: "sign in as the user; operators import with wlog import plates")
        }
        return principal
    }

    /// A read: the rows the query selects, rendered. A lifter's answer depends on their stream and
    /// on the request's path, query, `Accept`, `Prefer` and `Range` only (not the clock), so it is
    /// kept with the stream's state (`LifterStore.read(cacheKey:)`, as `/api/v1`'s GETs are) and
    /// given again while the stream stays, without parsing the request again: a bad request is
    /// never kept (its error is thrown each time).
    private func read(_ table: any RESTTable, _ request: Request, principal: Principal, now: Instant) async throws -> Response {
        let schema = self.schema
        let head = request.method == .head
        let body: @Sendable (LifterView?) throws -> Response = { view in
            let (asked, query) = try Self.parsed(request, table: table, schema: schema)
            let source = RESTSource(principal: principal, view: view, now: now)
            let (page, total) = RESTEngine.select(table, query, source, counted: asked.count)
            if let total, query.offset > 0, query.offset >= total {
                throw RESTError.range("offset \(query.offset) is past the \(total) rows")
            }
            if asked.single, page.count != 1 { throw RESTError.notOneRow(page.count) }
            var response = RESTWrites.response(head ? nil : RESTEngine.render(page, select: query.select, table: table, schema: schema,
                                                                             source: source, single: asked.single), status: .ok)
            let matched = total.map(String.init) ?? "*"
            response.headers[.contentRange] = page.isEmpty ? "*/\(matched)"
                : "\(query.offset)-\(query.offset + page.count - 1)/\(matched)"
            return response
        }
        guard case .lifter(let lifter) = principal else { return try body(nil) }
        var key = "rest " + request.method.rawValue + " " + request.uri.description
        for field in request.headers where field.name == .accept || field.name == .prefer || field.name == .range {
            key += "\n" + field.name.canonicalName + ": " + field.value
        }
        return try await support.store.read(lifter, cacheKey: key) { view in KeptResponse(try body(view)) }.response
    }
}
