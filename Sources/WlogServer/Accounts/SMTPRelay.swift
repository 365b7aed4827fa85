import Foundation
import NIOCore
import NIOSSL

/// How the accounts' mail reaches its relay (`--smtp-tls`, docs/ACCOUNTS.md § Mail).
public enum SMTPSecurity: String, CaseIterable, Sendable {
    /// STARTTLS when the relay offers it; when it does not, plain text to a loopback relay only.
    case auto
    /// STARTTLS or nothing: a relay that does not offer it gets no AUTH and no message.
    case starttls
    /// TLS from the first byte (SMTPS, RFC 8314; port 465 by default).
    case tls
    /// Never TLS, whatever the relay offers: AUTH and the mail cross the network readable.
    case none
}

/// A mail relay spoken to over SMTP (RFC 5321): EHLO, STARTTLS (RFC 3207) or TLS from the start,
/// AUTH PLAIN when a user is given, MAIL, RCPT, DATA, QUIT, one connection a message. The relay's
/// certificate is verified against the system's CAs (or `--smtp-ca-file`) and its host name (or
/// address). Mailed links and codes sign a lifter in, so under `.auto` nothing — neither AUTH nor
/// the message — is sent in plain text to a relay off loopback.
struct SMTPRelay: Sendable {
    let host: String
    let port: Int
    let user: String?
    let password: String?
    let security: SMTPSecurity
    /// Built once: the trust roots, TLS 1.2 at least, certificate and host name verification.
    let tls: NIOSSLContext
    /// How long one message may take, connection to QUIT.
    let deadline: TimeAmount

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `smtp://[user[:pass]@]host[:port]` (port 25 by default, 465 under `.tls`) and loads the
    /// trust roots: `caFile`'s PEM certificates, else the system's.
    init(url text: String, security: SMTPSecurity = .auto, caFile: String? = nil, deadline: TimeAmount = .seconds(30)) throws {
        guard let url = URLComponents(string: text), url.scheme == "smtp", let host = url.host, !host.isEmpty else {
            throw Failure(description: "--smtp '\(Self.redacted(text))' is not smtp://[USER:PASS@]HOST[:PORT]")
        }
        self.host = host
        port = url.port ?? (security == .tls ? 465 : 25)
        user = url.user?.removingPercentEncoding
        password = url.password?.removingPercentEncoding
        self.security = security
        self.deadline = deadline
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let caFile {
            let roots: [NIOSSLCertificate]
            do {
                roots = try NIOSSLCertificate.fromPEMFile(caFile)
            } catch {
                throw Failure(description: "--smtp-ca-file '\(caFile)': no PEM certificate could be read (\(error)); give a file of PEM CA certificates")
            }
            guard !roots.isEmpty else {
                throw Failure(description: "--smtp-ca-file '\(caFile)': holds no PEM certificate; give a file of PEM CA certificates")
            }
            configuration.trustRoots = .certificates(roots)
        }
        do {
            tls = try NIOSSLContext(configuration: configuration)
        } catch {
            throw Failure(description: "SMTP relay: the TLS settings could not be made (\(error))")
        }
    }

    /// `smtp://user:pass@host` with the password replaced, for messages.
    static func redacted(_ text: String) -> String {
        guard var url = URLComponents(string: text), url.password != nil else { return text }
        url.password = "***"
        return url.string ?? "smtp://…"
    }

    /// Whether to say STARTTLS after the relay's EHLO answer; throws where going on in plain text
    /// is not allowed (`.starttls`, or `.auto` with a relay off loopback).
    static func upgrades(_ security: SMTPSecurity, offered: Bool, loopback: Bool, relay: String) throws -> Bool {
        switch security {
        case .tls, .none:
            return false
        case .starttls:
            guard offered else {
                throw Failure(description: "SMTP relay \(relay) does not offer STARTTLS and --smtp-tls starttls requires it: nothing was sent (no AUTH, no message); use a relay that offers STARTTLS, --smtp-tls tls for one on port 465, or --smtp-tls none to send in plain text")
            }
            return true
        case .auto:
            if offered { return true }
            guard loopback else {
                throw Failure(description: "SMTP relay \(relay) does not offer STARTTLS and is not on loopback: the mail (sign-in links and codes) and any AUTH would cross the network in plain text, so nothing was sent; use a relay that offers STARTTLS, --smtp-tls tls for one on port 465, or --smtp-tls none to send in plain text anyway")
            }
            return false
        }
    }

    /// Sends one message (`message` ends in CRLF, dot-stuffed); returns how it travelled
    /// (`starttls`, `tls` or `none`).
    @discardableResult
    func send(from: String, to: String, message: String) async throws -> SMTPSecurity {
        let conversation = try await SMTPConversation.open(relay: self)
        return try await conversation.run { talk in
            var secured = security == .tls
            try await talk.expect(220)
            let extensions = try await talk.command("EHLO wlog", expect: 250)
            let offered = extensions.contains { $0.split(separator: " ").first?.uppercased() == "STARTTLS" }
            if try Self.upgrades(security, offered: offered, loopback: talk.peerIsLoopback, relay: "\(host):\(port)") {
                _ = try await talk.command("STARTTLS", expect: 220)
                try await talk.startTLS()
                _ = try await talk.command("EHLO wlog", expect: 250)
                secured = true
            }
            if let user {
                let credentials = Data(("\0" + user + "\0" + (password ?? "")).utf8).base64EncodedString()
                _ = try await talk.command("AUTH PLAIN " + credentials, expect: 235, shown: "AUTH PLAIN …")
            }
            _ = try await talk.command("MAIL FROM:<\(from)>", expect: 250)
            _ = try await talk.command("RCPT TO:<\(to)>", expect: 250)
            _ = try await talk.command("DATA", expect: 354)
            _ = try await talk.command(message + ".", expect: 250, shown: "the message")
            _ = try? await talk.command("QUIT", expect: 221)
            return secured ? (security == .tls ? .tls : .starttls) : .none
        }
    }
}
