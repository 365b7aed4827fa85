import Logging
import Synchronization
import Testing
@testable import WlogServer

/// `ServerLogHandler` prints what swift-log's `StreamLogHandler` prints, line for line: the
/// metadata set on the logger (as Hummingbird sets a request's id), a message's own metadata, the
/// level it filters at. Only when the metadata is rendered differs.
@Suite struct ServerLogHandlerTests {
    /// Lines written, shared by the copies a `Logger` makes of its handler.
    final class Lines: TextOutputStream, Sendable {
        private let text = Mutex("")
        func write(_ string: String) { text.withLock { $0 += string } }
        /// The lines without their first field (the timestamp, a second's resolution).
        var printed: [String] { text.withLock { $0 }.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).dropFirst().joined() } }
    }

    /// Runs the same calls on a logger with `StreamLogHandler` and one with `ServerLogHandler`.
    private func bothPrint(_ calls: (inout Logger) -> Void) -> (stream: [String], server: [String]) {
        let streamLines = Lines(), serverLines = Lines()
        var stream = Logger(label: "wlog.test") { StreamLogHandler(label: $0, stream: streamLines, metadataProvider: nil) }
        var server = Logger(label: "wlog.test") { ServerLogHandler(label: $0, stream: serverLines, metadataProvider: nil) }
        calls(&stream)
        calls(&server)
        return (streamLines.printed, serverLines.printed)
    }

    @Test func linesAreStreamLogHandlers() {
        let printed = bothPrint { logger in
            logger.logLevel = .warning
            logger[metadataKey: "hb.request.id"] = "5d1a"
            logger[metadataKey: "lifter"] = "00000000-0000-4000-8000-000000000001"
            logger.info("not printed at warning")
            logger.warning("slow commit", metadata: ["ms": "812"])
            var request = logger
            request[metadataKey: "hb.request.id"] = "5d1b"
            request.error("flush failed")
            logger[metadataKey: "lifter"] = nil
            logger.critical("plain")
        }
        #expect(printed.server == printed.stream)
        #expect(printed.server.count == 3)
        #expect(printed.server.first?.hasSuffix("wlog.test: hb.request.id=5d1a lifter=00000000-0000-4000-8000-000000000001 ms=812 [WlogServerTests] slow commit") == true,
                "\(printed.server)")
        #expect(printed.server.last?.hasSuffix("wlog.test: hb.request.id=5d1a [WlogServerTests] plain") == true, "\(printed.server)")
    }

    @Test func noMetadataPrintsNone() {
        let printed = bothPrint { $0.error("bare") }
        #expect(printed.server == printed.stream)
        #expect(printed.server.first?.hasSuffix("wlog.test: [WlogServerTests] bare") == true, "\(printed.server)")
    }
}
