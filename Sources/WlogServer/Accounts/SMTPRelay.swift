import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A mail relay spoken to over SMTP (RFC 5321): EHLO, AUTH PLAIN when a user is given, MAIL,
/// RCPT, DATA, QUIT, one connection a message. STARTTLS is not spoken: a relay is reached in
/// plain text, so it must be on loopback or a private network (docs/ACCOUNTS.md); a relay that
/// requires TLS refuses and the error is logged.
struct SMTPRelay: Sendable {
    let host: String
    let port: Int
    let user: String?
    let password: String?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `smtp://[user[:pass]@]host[:port]` (port 25 by default).
    init(url text: String) throws {
        guard let url = URLComponents(string: text), url.scheme == "smtp", let host = url.host, !host.isEmpty else {
            throw Failure(description: "--smtp '\(text)' is not smtp://[user:pass@]host[:port]")
        }
        self.host = host
        port = url.port ?? 25
        user = url.user?.removingPercentEncoding
        password = url.password?.removingPercentEncoding
    }

    func send(from: String, to: String, message: String) async throws {
        let relay = self
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                do {
                    try relay.sendBlocking(from: from, to: to, message: message)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private func sendBlocking(from: String, to: String, message: String) throws {
        let connection = try Connection(host: host, port: port)
        defer { connection.close() }
        try connection.expect(220)
        try connection.command("EHLO wlog", expect: 250)
        if let user {
            let credentials = Data(("\0" + user + "\0" + (password ?? "")).utf8).base64EncodedString()
            try connection.command("AUTH PLAIN " + credentials, expect: 235)
        }
        try connection.command("MAIL FROM:<\(from)>", expect: 250)
        try connection.command("RCPT TO:<\(to)>", expect: 250)
        try connection.command("DATA", expect: 354)
        try connection.command(message + ".", expect: 250)
        try? connection.command("QUIT", expect: 221)
    }

    /// One blocking TCP connection (10 s timeouts) reading SMTP replies.
    private final class Connection {
        let fd: Int32
        var buffer: [UInt8] = []

        init(host: String, port: Int) throws {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw Failure(description: "SMTP relay \(host):\(port): the host is not known")
            }
            defer { freeaddrinfo(list) }
            fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
            guard fd >= 0 else { throw Failure(description: "SMTP relay: no socket (errno \(errno))") }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
                Glibc.close(fd)
                throw Failure(description: "SMTP relay \(host):\(port): cannot connect (errno \(errno))")
            }
        }

        func close() { Glibc.close(fd) }

        func command(_ line: String, expect code: Int) throws {
            let bytes = Array((line + "\r\n").utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { throw Failure(description: "SMTP relay: the connection closed while sending") }
                sent += n
            }
            try expect(code)
        }

        /// Reads one reply (its continuation lines too) and checks its code.
        func expect(_ code: Int) throws {
            while true {
                let line = try readLine()
                // "250-…" continues, "250 …" ends.
                if line.count >= 4, Array(line.utf8)[3] == UInt8(ascii: "-") { continue }
                guard Int(line.prefix(3)) == code else {
                    throw Failure(description: "SMTP relay answered \"\(line.prefix(200))\" where \(code) was expected")
                }
                return
            }
        }

        private func readLine() throws -> String {
            while true {
                if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    buffer.removeSubrange(...end)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { throw Failure(description: "SMTP relay: the connection closed before a reply") }
                buffer += chunk[..<n]
            }
        }
    }
}
