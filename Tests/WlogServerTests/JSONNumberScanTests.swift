import Foundation
import Testing
@testable import WlogServer

/// Number literals no Double holds are found with their field, however written (issue 37); the
/// bodies Foundation refuses as a whole ("not valid JSON") are answered naming the field.
@Suite struct JSONNumberScanTests {
    static func scan(_ text: String) -> String? {
        JSONNumberScan.outOfRange(Data(text.utf8)).map { $0.field + " " + $0.literal }
    }

    @Test func hugeLiteralsAreFoundWithTheirField() {
        #expect(Self.scan(#"{"reps":5,"weightKg":1e400}"#) == "weightKg 1e400")
        #expect(Self.scan(#"{"rpe": -1E999, "reps": 5}"#) == "rpe -1E999")
        #expect(Self.scan(#"{"weightKg":"# + String(repeating: "9", count: 400) + "}")
                == "weightKg " + String(repeating: "9", count: 24) + "…")
        #expect(Self.scan(#"{"sets":[{"reps":1},{"weightKg":2e308}]}"#) == "sets.weightKg 2e308")
        #expect(Self.scan(#"[1e999]"#) == "body 1e999")
    }

    @Test func ordinaryBodiesHaveNone() {
        #expect(Self.scan(#"{"reps":5,"weightKg":1.7976931348623157e308,"notes":"1e400 \"x\" 9e999"}"#) == nil)
        #expect(Self.scan(#"{"a":-0.5e-400,"b":[1,2,3],"c":{"d":null}}"#) == nil)
    }
}
