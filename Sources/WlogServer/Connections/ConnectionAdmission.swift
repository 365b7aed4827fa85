import NIOCore

/// The first handler of every connection, before any HTTP decoding: it closes a connection whose
/// client address already holds `limits.perAddress` connections, and one whose first request's
/// head (up to the bytes `\r\n\r\n`) has not arrived within `limits.headerTimeout`. After that
/// head it only counts the connection until it closes.
///
/// It works on bytes because the WebSocket upgrade path (Realtime) adds ``ConnectionGuard`` only
/// after the first head has been read and judged not an upgrade: without it a client that
/// trickles its first head, or never sends one, would never be closed. Later heads of a
/// kept-alive connection, bodies and idle time are ``ConnectionGuard``'s.
final class ConnectionAdmission: ConnectionWatch, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let addresses: AddressCounts
    private var timer: Scheduled<Void>?
    /// The address counted for this connection, until it closes.
    private var counted: String?
    private var started = false
    /// The last bytes of the previous read, so that a head end split across reads is found.
    private var tail: [UInt8] = []
    private var headRead = false

    init(limits: ConnectionLimits, addresses: AddressCounts) {
        self.limits = limits
        self.addresses = addresses
    }

    /// The server is shutting down gracefully (``GuardedChannel``).
    struct ShuttingDown: Sendable {}

    /// Closes a connection still waiting for its first head when the server shuts down.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ShuttingDown {
            if !headRead { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headRead {
            let bytes = tail + unwrapInboundIn(data).readableBytesView
            if Self.containsHeadEnd(bytes) {
                headRead = true
                tail = []
                timer?.cancel()
                timer = nil
            } else {
                tail = Array(bytes.suffix(3))
            }
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

    func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard addresses.open(address, cap: limits.perAddress) else {
            context.close(promise: nil)
            return
        }
        counted = address
        let (seconds, attoseconds) = limits.headerTimeout.components
        let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
        timer = loop.scheduleTask(in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)) {
            self.timer = nil
            if !self.headRead { context.close(promise: nil) }
        }
    }

    func release() {
        timer?.cancel()
        timer = nil
        if let counted { addresses.close(counted) }
        counted = nil
    }
}

@available(*, unavailable)
extension ConnectionAdmission: Sendable {}
