import Logging

/// `wlog serve`'s log handler: swift-log's `StreamLogHandler` on standard error, line for line,
/// with its metadata rendered only when a message is logged.
///
/// `StreamLogHandler` renders its metadata to text each time a key is set. Hummingbird sets one
/// on every request (`hb.request.id`, a copy of the server's logger per request), so at the
/// server's usual levels, where almost nothing is printed, each request paid for a line it never
/// wrote (1.2 % of the CPU of a durable `POST …/sets`: docs/PERFORMANCE-SERVER.md, "Where an
/// embedded POST's time goes"). This handler keeps the metadata as it is given and lends it to a
/// `StreamLogHandler` only for a line that is printed, so the output stays the library's own.
package struct ServerLogHandler: LogHandler {
    private let label: String
    /// Where lines go; nil: standard error, as `StreamLogHandler.standardError` writes it.
    private let stream: (any TextOutputStream & Sendable)?

    package var metadataProvider: Logger.MetadataProvider?
    package var logLevel: Logger.Level = .info
    package var metadata = Logger.Metadata()

    /// The handler for a logger labelled `label`, writing to standard error (what
    /// `LoggingSystem.bootstrap` is given), or to `stream` (the tests').
    package init(label: String, stream: (any TextOutputStream & Sendable)? = nil,
                 metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.label = label
        self.stream = stream
        self.metadataProvider = metadataProvider
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var printer = stream.map { StreamLogHandler(label: label, stream: $0, metadataProvider: metadataProvider) }
            ?? StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        printer.logLevel = logLevel
        printer.metadata = metadata
        printer.log(event: event)
    }
}
