import HummingbirdWebSocket
import Logging
import Synchronization
import WlogCore
import WlogStore

/// One client's WebSocket at `/realtime/v1/websocket`: its channels, their tokens, and one
/// outbox every message it is sent goes through in order (replies, `system`, changes).
///
/// A frame that cannot be read or asks for what is not served gets a `phx_reply` with status
/// `error` and a reason naming the field, the value and the fix; a client that falls behind its
/// outbox, goes silent past the idle limit or sends a frame over the size limit is closed. A
/// channel only ever receives the rows of the lifter its token names.
final class RealtimeConnection: Sendable {
    /// A joined channel.
    struct Channel: Sendable {
        var token: String
        var lifter: LifterID?
        var subscription: RealtimeSubscription?
    }

    let hub: RealtimeHub
    let verifier: TokenVerifier
    let version: RealtimeFrame.Version
    /// The key the client connected with: a channel's token when its join sends none.
    let apikey: String
    let outbox: RealtimeOutbox
    private let logger: Logger
    private let channels = Mutex<[String: Channel]>([:])
    private let bindingIDs = Atomic<Int>(0)
    private let lastHeard = Mutex<ContinuousClock.Instant>(.now)

    init(hub: RealtimeHub, verifier: TokenVerifier, version: RealtimeFrame.Version, apikey: String, logger: Logger) {
        self.hub = hub
        self.verifier = verifier
        self.version = version
        self.apikey = apikey
        self.outbox = RealtimeOutbox(limit: hub.limits.outbox)
        self.logger = logger
    }

    /// Serves the connection until either side closes it.
    func run(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.write(outbound) }
            group.addTask { await self.watch(outbound) }
            await read(inbound)
            outbox.close()
            group.cancelAll()
        }
        let joined = channels.withLock { channels in
            defer { channels = [:] }
            return channels.values.compactMap(\.subscription)
        }
        for subscription in joined { await hub.unsubscribe(subscription) }
    }

    private func read(_ inbound: WebSocketInboundStream) async {
        do {
            for try await message in inbound.messages(maxSize: hub.limits.maxFrame) {
                lastHeard.withLock { $0 = .now }
                guard case .text(let text) = message else {
                    reply(topic: "phoenix", ref: nil, joinRef: nil, error: .frame("binary messages are not served; send JSON text frames"))
                    continue
                }
                await handle(text)
            }
        } catch {
            logger.debug("realtime: connection read ended", metadata: ["error": "\(error)"])
        }
    }

    /// Writes the outbox in order; a change is written only while its channel's token is good.
    private func write(_ outbound: WebSocketOutboundWriter) async {
        while let item = await outbox.next() {
            let text: String
            switch item {
            case .text(let frame): text = frame
            case .change(let topic, let ids, let data):
                guard await tokenHolds(topic) else { continue }
                var payload = JSONWriter(capacity: data.count + 32)
                payload.beginObject()
                payload.key(text: "ids"); payload.beginArray(); for id in ids { payload.int(id) }; payload.endArray()
                payload.key(text: "data"); payload.raw(data)
                payload.endObject()
                text = RealtimeFrame.text(version: version, joinRef: nil, ref: nil, topic: topic, event: "postgres_changes", payload: payload.bytes)
            }
            do { try await outbound.write(.text(text)) } catch { return }
        }
        if outbox.overflowed { try? await outbound.close(.policyViolation, reason: overflowReason) }
    }

    private var overflowReason: String { "too slow: more than \(hub.limits.outbox) messages waited; reconnect and read faster" }

    /// Closes a connection that fell behind or went silent (checked every second).
    private func watch(_ outbound: WebSocketOutboundWriter) async {
        while (try? await Task.sleep(for: .seconds(1))) != nil {
            if outbox.overflowed {
                try? await outbound.close(.policyViolation, reason: overflowReason)
                return
            }
            if ContinuousClock.now - lastHeard.withLock({ $0 }) > hub.limits.idle {
                try? await outbound.close(.goingAway, reason: "idle: nothing received for \(hub.limits.idle); send a heartbeat every 25 s")
                return
            }
        }
    }

    private func handle(_ text: String) async {
        let frame: RealtimeFrame
        do {
            frame = try RealtimeFrame.parse(text, version: version)
        } catch {
            reply(topic: "phoenix", ref: nil, joinRef: nil, error: error)
            return
        }
        switch frame.event {
        case "heartbeat" where frame.topic == "phoenix":
            reply(frame, ok: [])
            await recheckTokens()
        case "phx_join": await join(frame)
        case "phx_leave":
            await leave(frame.topic)
            reply(frame, ok: [])
        case "access_token": await swapToken(frame)
        default:
            let joined = channels.withLock { $0[frame.topic] != nil }
            reply(frame, error: .frame(joined
                ? "event \"\(frame.event)\" is not served (wlog serves postgres_changes: phx_join, access_token, phx_leave, heartbeat)"
                : "unmatched topic \"\(frame.topic)\": join it first with phx_join"))
        }
    }

    private func join(_ frame: RealtimeFrame) async {
        do {
            let (bindings, token) = try joinRequest(frame)
            let principal: Principal
            do {
                principal = try await verifier.principal(fromBearer: token)
            } catch {
                throw RealtimeError.token(Self.message(error))
            }
            await leave(frame.topic)
            var lifter: LifterID?
            var subscription: RealtimeSubscription?
            // Row-level security as the subscriber: a user's token follows that user's own
            // stream; the anon and service-role keys see no lifter's rows here.
            if case .lifter(let id) = principal {
                lifter = id
                if !bindings.isEmpty {
                    let made = RealtimeSubscription(lifter: id, topic: frame.topic, bindings: bindings, outbox: outbox)
                    do {
                        try await hub.subscribe(made)
                    } catch {
                        throw RealtimeError.binding("the rows could not be read (\(Self.message(error))); join again later")
                    }
                    subscription = made
                }
            }
            channels.withLock { $0[frame.topic] = Channel(token: token, lifter: lifter, subscription: subscription) }
            var response = JSONWriter(capacity: 128 + bindings.count * 96)
            response.beginArray()
            for binding in bindings { binding.reply(into: &response) }
            response.endArray()
            let reply = replyText(frame, status: "ok", response: [("postgres_changes", response.bytes)])
            let system = bindings.isEmpty ? [] : [systemText(frame.topic, extension: "postgres_changes", message: "Subscribed to PostgreSQL", ok: true)]
            if let subscription { subscription.open(with: [reply] + system) } else { for text in [reply] + system { outbox.push(.text(text)) } }
        } catch {
            reply(frame, error: error as? RealtimeError ?? .binding(Self.message(error)))
        }
    }

    /// The bindings and token of a join, checked.
    private func joinRequest(_ frame: RealtimeFrame) throws(RealtimeError) -> ([RealtimeBinding], String) {
        guard frame.topic.hasPrefix("realtime:"), frame.topic.utf8.count > 9, frame.topic.utf8.count <= 256 else {
            throw .frame("topic \"\(frame.topic.prefix(64))\" must be realtime:<channel name> (1 to 247 characters)")
        }
        let joined = channels.withLock { $0.count + ($0[frame.topic] == nil ? 1 : 0) }
        guard joined <= hub.limits.channels else {
            throw .binding("more than \(hub.limits.channels) channels on one connection; leave one first")
        }
        var items: [JSONValue] = []
        switch frame.payload["config"] {
        case .object(let config)?:
            switch config["postgres_changes"] {
            case .array(let list)?: items = list
            case nil, .null?: break
            default: throw .binding("config.postgres_changes must be an array of bindings")
            }
        case nil, .null?: break
        default: throw .binding("config must be an object")
        }
        guard items.count <= hub.limits.bindings else {
            throw .binding("\(items.count) postgres_changes bindings: at most \(hub.limits.bindings) per channel")
        }
        let bindings = try items.map { (item) throws(RealtimeError) -> RealtimeBinding in
            guard case .object(let object) = item else { throw .binding("each postgres_changes binding must be an object") }
            return try RealtimeBinding(object, id: bindingIDs.add(1, ordering: .relaxed).newValue)
        }
        let token: String
        switch frame.payload["access_token"] {
        case .string(let text)?: token = text
        case nil, .null?: token = apikey
        default: throw .token("access_token must be a string (the user's JWT)")
        }
        return (bindings, token)
    }

    private func leave(_ topic: String) async {
        let left = channels.withLock { $0.removeValue(forKey: topic) }
        if let subscription = left?.subscription { await hub.unsubscribe(subscription) }
    }

    private func swapToken(_ frame: RealtimeFrame) async {
        guard let channel = channels.withLock({ $0[frame.topic] }) else {
            reply(frame, error: .frame("unmatched topic \"\(frame.topic)\": join it first with phx_join"))
            return
        }
        guard case .string(let token)? = frame.payload["access_token"] else {
            await closeChannel(frame.topic, reason: RealtimeError.token("access_token must be a string (the user's JWT)").reason)
            return
        }
        do {
            let principal = try await verifier.principal(fromBearer: token)
            let lifter: LifterID? = if case .lifter(let id) = principal { id } else { nil }
            guard lifter == channel.lifter else {
                await closeChannel(frame.topic, reason: "the new token names another user; join the channel again with it")
                return
            }
            channels.withLock { $0[frame.topic]?.token = token }
        } catch {
            await closeChannel(frame.topic, reason: RealtimeError.token(Self.message(error)).reason)
        }
    }

    /// Whether the channel on `topic` is joined and its token still holds (else it is closed).
    private func tokenHolds(_ topic: String) async -> Bool {
        guard let token = channels.withLock({ $0[topic]?.token }) else { return false }
        do {
            _ = try await verifier.principal(fromBearer: token)
            return true
        } catch {
            await closeChannel(topic, reason: RealtimeError.token(Self.message(error)).reason)
            return false
        }
    }

    private func recheckTokens() async {
        for topic in channels.withLock({ Array($0.keys) }) { _ = await tokenHolds(topic) }
    }

    /// Closes a channel with an error: `system` status `error` with the reason, then `phx_close`.
    private func closeChannel(_ topic: String, reason: String) async {
        await leave(topic)
        outbox.push(.text(systemText(topic, extension: "system", message: reason, ok: false)))
        outbox.push(.text(RealtimeFrame.text(version: version, joinRef: nil, ref: nil, topic: topic, event: "phx_close", payload: Array("{}".utf8))))
    }

    // MARK: Frames

    private func reply(_ frame: RealtimeFrame, ok response: [(String, [UInt8])]) {
        outbox.push(.text(replyText(frame, status: "ok", response: response)))
    }

    private func reply(_ frame: RealtimeFrame, error: RealtimeError) {
        reply(topic: frame.topic, ref: frame.ref, joinRef: frame.joinRef, error: error)
    }

    private func reply(topic: String, ref: String?, joinRef: String?, error: RealtimeError) {
        var reason = JSONWriter(capacity: error.reason.utf8.count + 8)
        reason.string(error.reason)
        outbox.push(.text(replyText(topic: topic, ref: ref, joinRef: joinRef, status: "error", response: [("reason", reason.bytes)])))
    }

    private func replyText(_ frame: RealtimeFrame, status: String, response: [(String, [UInt8])]) -> String {
        replyText(topic: frame.topic, ref: frame.ref, joinRef: frame.joinRef, status: status, response: response)
    }

    /// `phx_reply` with `{"status", "response": {…}}`.
    private func replyText(topic: String, ref: String?, joinRef: String?, status: String, response: [(String, [UInt8])]) -> String {
        var payload = JSONWriter(capacity: 64 + response.reduce(0) { $0 + $1.1.count })
        payload.beginObject()
        payload.key(text: "status"); payload.string(status)
        payload.key(text: "response"); payload.beginObject()
        for (key, value) in response { payload.key(text: key); payload.raw(value) }
        payload.endObject()
        payload.endObject()
        return RealtimeFrame.text(version: version, joinRef: joinRef, ref: ref, topic: topic, event: "phx_reply", payload: payload.bytes)
    }

    /// `system` on `topic`: `{"channel","extension","message","status"}`.
    private func systemText(_ topic: String, extension name: String, message: String, ok: Bool) -> String {
        var payload = JSONWriter(capacity: 128 + message.utf8.count)
        payload.beginObject()
        payload.key(text: "channel"); payload.string(String(topic.dropFirst("realtime:".count)))
        payload.key(text: "extension"); payload.string(name)
        payload.key(text: "message"); payload.string(message)
        payload.key(text: "status"); payload.string(ok ? "ok" : "error")
        payload.endObject()
        return RealtimeFrame.text(version: version, joinRef: nil, ref: nil, topic: topic, event: "system", payload: payload.bytes)
    }

    /// An error's message for a client (an `APIError`'s own words).
    static func message(_ error: any Error) -> String {
        (error as? APIError)?.message ?? "\(error)"
    }
}
