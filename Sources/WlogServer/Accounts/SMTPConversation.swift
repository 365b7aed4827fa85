import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// One connection to an SMTP relay (SwiftNIO, swift-nio-ssl): replies read line by line, commands
/// written, TLS put under the conversation in place after STARTTLS's 220 (or from the first byte
/// under `.tls`). The whole conversation has `SMTPRelay.deadline`; then the connection is closed
/// and the wait in hand fails. Every failure is an `SMTPRelay.Failure` naming the relay.
struct SMTPConversation {
    let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    let relay: SMTPRelay

    /// Connects (10 s at most), with TLS first under `.tls`.
    static func open(relay: SMTPRelay) async throws -> SMTPConversation {
        let implicitTLS = relay.security == .tls
        let context = relay.tls
        let serverName = Self.serverName(relay.host)
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(10))
                .connect(host: relay.host, port: relay.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if implicitTLS {
                            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                        }
                        return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
            return SMTPConversation(channel: channel, relay: relay)
        } catch {
            throw SMTPRelay.Failure(description: "SMTP relay \(relay.host):\(relay.port): cannot connect (\(error))")
        }
    }

    /// The name TLS checks the certificate against and sends as SNI: nil for an address (SNI
    /// carries names only; the certificate is then checked against the peer's address).
    static func serverName(_ host: String) -> String? {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return (try? SocketAddress(ipAddress: bare, port: 0)) == nil ? host : nil
    }

    /// Runs `body` over the connection and closes it, whatever happens.
    func run<T>(_ body: (SMTPTalk) async throws -> T) async throws -> T {
        let name = "\(relay.host):\(relay.port)"
        let socket = channel.channel
        let timer = socket.eventLoop.scheduleTask(in: relay.deadline) { socket.close(promise: nil) }
        defer { timer.cancel() }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                try await body(SMTPTalk(inbound: inbound.makeAsyncIterator(), outbound: outbound, channel: socket, relay: relay))
            }
        } catch let failure as SMTPRelay.Failure {
            throw failure
        } catch let error as NIOSSLError {
            throw Self.tlsFailure(name, error)
        } catch let error as NIOSSLExtraError {
            throw Self.tlsFailure(name, error)
        } catch {
            throw SMTPRelay.Failure(description: "SMTP relay \(name): \(error)")
        }
    }

    static func tlsFailure(_ relay: String, _ error: any Error) -> SMTPRelay.Failure {
        SMTPRelay.Failure(description: "SMTP relay \(relay): TLS failed (\(error)): nothing more was sent; if the relay's certificate is from a private CA, give that CA with --smtp-ca-file")
    }
}

/// The reading and writing half of an `SMTPConversation`, used by one task.
final class SMTPTalk {
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private let channel: any Channel
    private let relay: SMTPRelay
    private var buffer = ByteBuffer()
    /// The last thing sent, for messages.
    private var sent = "the connection"

    init(inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
         channel: any Channel, relay: SMTPRelay) {
        self.inbound = inbound
        self.outbound = outbound
        self.channel = channel
        self.relay = relay
    }

    /// Whether the relay's address is a loopback one (127.0.0.0/8, ::1).
    var peerIsLoopback: Bool {
        guard let address = channel.remoteAddress?.ipAddress else { return false }
        return address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// Sends `line` and reads its reply; `shown` names it in messages instead of its text.
    @discardableResult
    func command(_ line: String, expect code: Int, shown: String? = nil) async throws -> [String] {
        sent = shown ?? line
        try await outbound.write(ByteBuffer(string: line + "\r\n"))
        return try await expect(code)
    }

    /// Reads one reply (its continuation lines too), checks its code and returns each line's text.
    @discardableResult
    func expect(_ code: Int) async throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try await readLine()
            let text = line.count > 4 ? String(line.dropFirst(4)) : ""
            lines.append(text)
            // "250-…" continues, "250 …" ends.
            if line.count >= 4, line.utf8[line.utf8.index(line.utf8.startIndex, offsetBy: 3)] == UInt8(ascii: "-") { continue }
            guard Int(line.prefix(3)) == code else {
                throw SMTPRelay.Failure(description: "SMTP relay \(relay.host):\(relay.port) answered \"\(line.prefix(200))\" to \(sent) where \(code) was expected")
            }
            return lines
        }
    }

    /// Puts TLS under the conversation (after STARTTLS's 220); the handshake's failure surfaces at
    /// the next read.
    func startTLS() async throws {
        let socket = channel, context = relay.tls, name = SMTPConversation.serverName(relay.host)
        sent = "the TLS handshake"
        try await socket.eventLoop.submit {
            try socket.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: name), position: .first)
        }.get()
    }

    private func readLine() async throws -> String {
        while true {
            if let end = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
                let length = end - buffer.readerIndex + 1
                let line = buffer.readString(length: length) ?? ""
                buffer.discardReadBytes()
                return line.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard buffer.readableBytes < 65_536 else {
                throw SMTPRelay.Failure(description: "SMTP relay \(relay.host):\(relay.port) sent a line of 64 KB or more answering \(sent)")
            }
            guard var chunk = try await inbound.next() else {
                throw SMTPRelay.Failure(description: "SMTP relay \(relay.host):\(relay.port) closed the connection before answering \(sent) (or the \(relay.deadline.nanoseconds / 1_000_000_000) s deadline passed)")
            }
            buffer.writeBuffer(&chunk)
        }
    }
}
