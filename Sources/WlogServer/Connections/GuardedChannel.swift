import HummingbirdCore
import Logging
import NIOCore

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

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
