import Foundation
import HTTPTypes
import Testing
import WlogCore
@testable import WlogServer

/// The request parsing that skips Foundation for the common case answers as Foundation did:
/// an id in the path (`APIID.event`), the bearer token's trimming and a header's value.
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

    /// `HTTPFields.value(of:)` answers what the library's subscript answers: none, one, several
    /// (joined with ", ", cookies with "; "), names in any case, among other fields.
    @Test func aHeaderIsReadAsTheLibraryReadsIt() throws {
        let lists: [[(String, String)]] = [
            [], [("Authorization", "Bearer eyJ.a.b")], [("authorization", "Bearer eyJ.a.b"), ("Content-Type", "application/json")],
            [("Origin", "https://a.example"), ("ORIGIN", "https://b.example")], [("Cookie", "a=1"), ("Accept", "x"), ("cookie", "b=2")],
            [("Idempotency-Key", "")], [("Content-Length", "12"), ("Content-Length", "12")], [("X-Other", "1")],
        ]
        let names: [HTTPField.Name] = [.authorization, .contentType, .origin, .cookie, .contentLength, .accept,
                                       try #require(HTTPField.Name("Idempotency-Key")), try #require(HTTPField.Name("x-missing"))]
        for list in lists {
            var fields = HTTPFields()
            for (name, value) in list { fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value)) }
            for name in names {
                #expect(fields.value(of: name) == fields[name], "\(name) in \(list)")
            }
        }
        var two = HTTPFields()
        two.append(HTTPField(name: .origin, value: "a"))
        two.append(HTTPField(name: .origin, value: "b"))
        #expect(two.value(of: .origin) == "a, b")
    }

    @Test func aTokenIsTrimmedAsFoundationTrimmedIt() {
        let texts = ["eyJ.a.b", " eyJ.a.b", "eyJ.a.b ", "\teyJ.a.b\t", "eyJ.a.b\u{A0}", "\u{3000}eyJ.a.b", "ey J", " ", "", "x",
                     "eyJ.a.b\n", "~", "\u{7F}x"]
        for text in texts {
            #expect(BearerAuthMiddleware.trimmed(Substring(text)) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }
}
