import NIOCore

/// A handler that watches one connection from the moment its channel is active — whether the
/// handler was added to an active channel or was there when it became active — until the channel
/// closes or the handler is removed, whichever comes first (``ConnectionAdmission``,
/// ``ConnectionGuard``).
protocol ConnectionWatch: ChannelInboundHandler {
    /// Begins the watch. It may be called twice for one connection (added to an active channel
    /// that then reports itself active): the second call does nothing.
    func start(_ context: ChannelHandlerContext)
    /// Ends the watch: cancels its timers and gives back what it counted. Called on close and on
    /// removal, so a second call does nothing.
    func release()
}

extension ConnectionWatch {
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
}
