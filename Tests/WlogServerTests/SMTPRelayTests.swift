import Foundation
import Testing
@testable import WlogServer

/// The SMTP relay's settings and its rule for plain text (docs/ACCOUNTS.md § Mail); the
/// conversation itself, STARTTLS and TLS against a real SMTP server, is scripts/smtp-tls-test.py.
@Suite("SMTP relay")
struct SMTPRelayTests {
    @Test func theURLGivesHostPortAndCredentials() throws {
        let relay = try SMTPRelay(url: "smtp://mailer%40example.com:p%3Ass@mail.example.com:587")
        #expect(relay.host == "mail.example.com" && relay.port == 587)
        #expect(relay.user == "mailer@example.com" && relay.password == "p:ss")
        #expect(relay.security == .auto)
        #expect(try SMTPRelay(url: "smtp://mail.example.com").port == 25)
        #expect(try SMTPRelay(url: "smtp://mail.example.com", security: .tls).port == 465)
        #expect(try SMTPRelay(url: "smtp://mail.example.com:2525", security: .tls).port == 2525)
    }

    @Test func aBadURLIsNamedWithoutItsPassword() {
        #expect(throws: SMTPRelay.Failure.self) { try SMTPRelay(url: "smtps://mail.example.com") }
        do {
            _ = try SMTPRelay(url: "http://user:Secret-1@mail.example.com")
            Issue.record("http:// accepted")
        } catch {
            let text = "\(error)"
            #expect(text == "--smtp 'http://user:***@mail.example.com' is not smtp://[USER:PASS@]HOST[:PORT]")
        }
    }

    @Test func theCAFileMustHoldCertificates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-ca-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = folder + "/empty.pem"
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: empty))
        for path in [folder + "/missing.pem", empty] {
            do {
                _ = try SMTPRelay(url: "smtp://127.0.0.1", caFile: path)
                Issue.record("\(path) accepted")
            } catch {
                #expect("\(error)".hasPrefix("--smtp-ca-file '\(path)': "))
                #expect("\(error)".hasSuffix("give a file of PEM CA certificates"))
            }
        }
    }

    /// Each mode × offered × loopback: STARTTLS said, plain text allowed, or refused (nothing sent).
    @Test func whenToSayStartTLSAndWhenToRefuse() throws {
        typealias Case = (SMTPSecurity, offered: Bool, loopback: Bool, upgrades: Bool?)
        let cases: [Case] = [
            (.auto, true, true, true), (.auto, true, false, true), (.auto, false, true, false), (.auto, false, false, nil),
            (.starttls, true, true, true), (.starttls, true, false, true), (.starttls, false, true, nil), (.starttls, false, false, nil),
            (.tls, true, false, false), (.tls, false, false, false),
            (.none, true, false, false), (.none, false, false, false),
        ]
        for (security, offered, loopback, expected) in cases {
            let outcome = try? SMTPRelay.upgrades(security, offered: offered, loopback: loopback, relay: "mail.example.com:25")
            #expect(outcome == expected, "\(security) offered \(offered) loopback \(loopback)")
        }
        #expect(throws: SMTPRelay.Failure.self) { try SMTPRelay.upgrades(.auto, offered: false, loopback: false, relay: "r:25") }
        do {
            _ = try SMTPRelay.upgrades(.auto, offered: false, loopback: false, relay: "mail.example.com:25")
        } catch {
            #expect("\(error)".contains("mail.example.com:25 does not offer STARTTLS and is not on loopback"))
            #expect("\(error)".contains("--smtp-tls none"))
        }
    }

    @Test func addressesAreNotSentAsServerNames() {
        #expect(SMTPConversation.serverName("127.0.0.1") == nil)
        #expect(SMTPConversation.serverName("::1") == nil)
        #expect(SMTPConversation.serverName("mail.example.com") == "mail.example.com")
        #expect(SMTPConversation.serverName("localhost") == "localhost")
    }
}
