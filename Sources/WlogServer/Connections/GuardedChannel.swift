import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// A server's child channel with ``ConnectionAdmission`` first in every connection's pipeline,
/// then whatever `inner` sets up (HTTP/1 with the WebSocket upgrade, ``ConnectionGuard`` among
/// its HTTP handlers).
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limits: ConnectionLimits
    let addresses: AddressCounts

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionAdmission(limits: limits, addresses: addresses))
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    /// `inner`'s handling; when the server shuts down gracefully, a connection that has not sent a
    /// whole first head (a browser's preconnected socket) is closed at once: it has no request to
    /// finish, and the upgrade channel would otherwise wait for its head until the header deadline.
    func handle(value: Value, logger: Logger) async {
        let channel = value.channel
        await withGracefulShutdownHandler {
            await inner.handle(value: value, logger: logger)
        } onGracefulShutdown: {
            channel.pipeline.fireUserInboundEventTriggered(ConnectionAdmission.ShuttingDown())
        }
    }
}
