import NIOCore

/// When a connection must be closed, from what it has read and written so far: the header deadline
/// before its first request's head, the body deadline while a request's body is read, the idle
/// deadline between a response and the next head, none while a read request is being answered.
/// A response refusing the request itself (408, 413, 431), or one given before its request was read
/// to the end (whatever its status), closes the connection. A pure value: ``ConnectionGuard`` feeds it the channel's events.
struct ConnectionDeadline {
    let limits: ConnectionLimits
    /// Request heads read, request ends read, response ends written.
    private var heads = 0, ends = 0, answered = 0
    /// When the last head was read, or the connection opened / the last response ended.
    private var lastHead: NIODeadline
    private var lastQuiet: NIODeadline
    /// Set by an error response or one given before its request was read: close once it ends.
    private var closeAfterResponse = false

    init(limits: ConnectionLimits, opened: NIODeadline) {
        self.limits = limits
        self.lastHead = opened
        self.lastQuiet = opened
    }

    /// The moment to close the connection, nil while a request read to its end is being answered.
    var deadline: NIODeadline? {
        if heads > ends { return lastHead + TimeAmount(limits.bodyTimeout) }
        if answered < ends { return nil }
        return lastQuiet + TimeAmount(heads == 0 ? limits.headerTimeout : limits.idleTimeout)
    }

    /// Whether the connection is past its deadline at `now`.
    func expired(at now: NIODeadline) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    mutating func readHead(at now: NIODeadline) {
        heads += 1
        lastHead = now
    }

    mutating func readEnd() {
        ends += 1
    }

    /// Statuses that refuse the request itself (its size, its pace): the connection closes after them.
    static let closingStatuses: Set<Int> = [408, 413, 431]

    /// A response's head with `status`: true when the connection closes after it (the caller adds
    /// `Connection: close`).
    mutating func wroteHead(status: Int) -> Bool {
        if Self.closingStatuses.contains(status) || ends <= answered { closeAfterResponse = true }
        return closeAfterResponse
    }

    /// A response's end at `now`: true when the connection is to be closed now.
    mutating func wroteEnd(at now: NIODeadline) -> Bool {
        answered += 1
        lastQuiet = now
        return closeAfterResponse || answered > ends
    }
}
