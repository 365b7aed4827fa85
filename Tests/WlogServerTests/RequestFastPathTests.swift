import Foundation
import Testing
import WlogCore
@testable import WlogServer

/// The request parsing that skips Foundation for the common case answers as Foundation did:
/// an id in the path (`APIID.event`) and the bearer token's trimming.
@Suite("Request fast paths")
struct RequestFastPathTests {
    /// `APIID.event` as it was, through Foundation's string functions.
    static func foundationEvent(_ text: String) -> EventID? {
        let hex = text.count == 36 ? text.replacingOccurrences(of: "-", with: "") : text
        guard hex.utf8.count == 32 else { return nil }
        return EventID(hex: hex.lowercased())
    }

    @Test func anIDIsReadAsFoundationReadIt() {
        let uuid = "d90ed8f1-53c2-64b2-e589-f922defb4685"
        let texts = [
            uuid, uuid.uppercased(), uuid.replacingOccurrences(of: "-", with: ""), uuid.uppercased().replacingOccurrences(of: "-", with: ""),
            "d90ed8f153c2-64b2-e589-f922defb4685-", "----d90ed8f153c264b2e589f922defb4685", "d90ed8f1-53c2-64b2-e589-f922defb468",
            "d90ed8f1-53c2-64b2-e589-f922defb46851", "g90ed8f1-53c2-64b2-e589-f922defb4685", "d90ed8f1_53c2_64b2_e589_f922defb4685",
            "2026-11-20", "", "-", "d90ed8f1-53c2-64b2-e589-f922defb468\u{E9}", "d90ed8f1-53c2-64b2-e589-f922defb46\r\n",
            "\u{FF44}90ed8f1-53c2-64b2-e589-f922defb4685", "D90ED8F1-53C2-64B2-E589-F922DEFB4685".lowercased(),
        ]
        for text in texts {
            #expect(APIID.event(text) == Self.foundationEvent(text), "\(text)")
        }
        #expect(APIID.event(uuid.uppercased()) == EventID(hex: "d90ed8f153c264b2e589f922defb4685"))
    }

    @Test func aTokenIsTrimmedAsFoundationTrimmedIt() {
        let texts = ["eyJ.a.b", " eyJ.a.b", "eyJ.a.b ", "\teyJ.a.b\t", "eyJ.a.b\u{A0}", "\u{3000}eyJ.a.b", "ey J", " ", "", "x",
                     "eyJ.a.b\n", "~", "\u{7F}x"]
        for text in texts {
            #expect(BearerAuthMiddleware.trimmed(Substring(text)) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
