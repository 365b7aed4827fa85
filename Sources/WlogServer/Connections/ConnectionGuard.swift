import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// The channel handler that enforces ``ConnectionLimits`` on one connection: closes it at the
/// deadline ``ConnectionDeadline`` names, after an error response (with `Connection: close`), and
/// at once when its client address already holds `perAddress` connections.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let addresses: AddressCounts
    private let limits: ConnectionLimits
    private var state: ConnectionDeadline
    private var timer: Scheduled<Void>?
    /// When `timer` fires.
    private var armed: NIODeadline?
    /// The address counted for this connection, until it closes.
    private var counted: String?
    private var started = false

    init(limits: ConnectionLimits, addresses: AddressCounts) {
        self.limits = limits
        self.addresses = addresses
        self.state = ConnectionDeadline(limits: limits, opened: .now())
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
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

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        state = ConnectionDeadline(limits: limits, opened: .now())
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard addresses.open(address, cap: limits.perAddress) else {
            context.close(promise: nil)
            return
        }
        counted = address
        schedule(context)
    }

    private func release() {
        timer?.cancel()
        timer = nil
        armed = nil
        if let counted { addresses.close(counted) }
        counted = nil
    }

    /// One timer, at the current deadline or before it: when it fires early (the deadline moved
    /// later) it re-arms; a deadline moved earlier re-arms it at once.
    private func schedule(_ context: ChannelHandlerContext) {
        guard let deadline = state.deadline, counted != nil else { return }
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
