import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// The channel handler that enforces ``ConnectionLimits`` on one connection's HTTP requests:
/// closes it at the deadline ``ConnectionDeadline`` names and after an error response (with
/// `Connection: close`). The address cap and the first head's deadline are
/// ``ConnectionAdmission``'s, which stands before the HTTP decoder.
final class ConnectionGuard: ChannelDuplexHandler, ConnectionWatch, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private var state: ConnectionDeadline
    private var timer: Scheduled<Void>?
    /// When `timer` fires.
    private var armed: NIODeadline?
    private var started = false

    init(limits: ConnectionLimits) {
        self.limits = limits
        self.state = ConnectionDeadline(limits: limits, opened: .now())
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: state.readHead(at: .now())
        case .body: break
        case .end: state.readEnd()
        }
        schedule(context)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response):
            if state.wroteHead(status: response.status.code) {
                response.headerFields[.connection] = "close"
                context.write(wrapOutboundOut(.head(response)), promise: promise)
                return
            }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if state.wroteEnd(at: .now()) {
                context.writeAndFlush(data, promise: promise)
                context.close(promise: nil)
                return
            }
            context.write(data, promise: promise)
            schedule(context)
        }
    }

    func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        state = ConnectionDeadline(limits: limits, opened: .now())
        schedule(context)
    }

    func release() {
        timer?.cancel()
        timer = nil
        armed = nil
    }

    /// One timer, at the current deadline or before it: when it fires early (the deadline moved
    /// later) it re-arms; a deadline moved earlier re-arms it at once.
    private func schedule(_ context: ChannelHandlerContext) {
        guard let deadline = state.deadline, started else { return }
        if let armed, armed <= deadline { return }
        timer?.cancel()
        armed = deadline
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        timer = loop.scheduleTask(deadline: deadline) {
            self.timer = nil
            self.armed = nil
            if self.state.expired(at: .now()) {
                context.close(promise: nil)
            } else {
                self.schedule(context)
            }
        }
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}
