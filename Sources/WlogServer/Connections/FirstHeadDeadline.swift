import NIOCore

/// The header deadline of a connection's first request, read as bytes before any HTTP decoding:
/// the connection is closed unless the bytes `\r\n\r\n` (the end of a request's head) arrive
/// within `limit` of it opening. Once they have, the handler leaves the pipeline.
///
/// It stands first in every connection's pipeline because the WebSocket upgrade path (Realtime)
/// adds ``ConnectionGuard`` only after the first head has been read and judged not an upgrade:
/// without it, a client that trickles its first head would never be closed. Later heads of a
/// kept-alive connection, bodies and idle time are ``ConnectionGuard``'s.
final class FirstHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private var timer: Scheduled<Void>?
    /// The last bytes of the previous read, so that a head end split across reads is found.
    private var tail: [UInt8] = []
    private var done = false

    init(limit: Duration) {
        let (seconds, attoseconds) = limit.components
        self.limit = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !done {
            let buffer = unwrapInboundIn(data)
            let bytes = tail + buffer.readableBytesView
            if Self.containsHeadEnd(bytes) {
                done = true
                disarm()
                context.fireChannelRead(data)
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
            tail = Array(bytes.suffix(3))
        }
        context.fireChannelRead(data)
    }

    /// Whether `bytes` hold `\r\n\r\n`.
    static func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 3..<bytes.count where bytes[index] == 0x0A
            && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
            return true
        }
        return false
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard timer == nil, !done else { return }
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        timer = loop.scheduleTask(in: limit) {
            self.timer = nil
            if !self.done { context.close(promise: nil) }
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

@available(*, unavailable)
extension FirstHeadDeadline: Sendable {}
