import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Where the accounts' mail goes (links, codes, confirmations, resets): an SMTP relay
/// (`--smtp smtp://user:pass@host:port`), or without one each message written whole to
/// `DATA/outbox/<time>-<random>.eml` (0600) with its path logged. A link or a code is never
/// logged, nor put in an HTTP answer (but `/admin/generate_link`'s).
struct Mailer: Sendable {
    let relay: SMTPRelay?
    let outbox: String
    let from: String
    let logger: Logger

    /// Sends `body` to `to`; throws when the relay refuses it or the outbox cannot be written.
    func send(to: String, subject: String, body: String) async throws {
        let message = Self.message(from: from, to: to, subject: subject, body: body)
        if let relay {
            let security = try await relay.send(from: from, to: to, message: message)
            logger.info("mail sent", metadata: ["to": "\(to)", "subject": "\(subject)", "relay": "\(relay.host):\(relay.port)", "tls": "\(security.rawValue)"])
            return
        }
        let name = "\(Int(Date().timeIntervalSince1970 * 1000))-\(Secrets.token(bytes: 4)).eml"
        try DurableFile.replace(outbox + "/" + name, with: Array(message.utf8))
        logger.notice("mail written to the outbox (no --smtp relay)", metadata: ["path": "\(outbox)/\(name)", "to": "\(to)"])
    }

    /// An RFC 5322 message, CRLF line ends, text/plain UTF-8.
    static func message(from: String, to: String, subject: String, body: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let lines = [
            "From: \(from)", "To: \(to)", "Subject: \(subject)", "Date: \(formatter.string(from: Date()))",
            "Message-ID: <\(Secrets.token(bytes: 12))@wlog>", "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "",
        ] + body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix(".") ? "." + $0 : String($0) }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
