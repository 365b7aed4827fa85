import Foundation
import Testing
import WlogGenerator
@testable import WlogServer

/// `PlainJSONObject`, the fast path of a set's body: what it reads, `JSONDecoder` reads the same;
/// what it does not read (nil), `JSONDecoder` still answers, with its errors.
struct PlainJSONObjectTests {
    typealias SetBody = SetRoutes.SetBody

    static func plain(_ text: String) -> SetBody? {
        Array(text.utf8).withUnsafeBytes { PlainJSONObject($0) }.flatMap(SetBody.init(plain:))
    }

    static func decoded(_ text: String) -> SetBody? { try? JSONDecoder().decode(SetBody.self, from: Data(text.utf8)) }

    @Test func theBodiesAppsSendAreReadAsJSONDecoderReadsThem() throws {
        let bodies = [
            #"{"reps":5,"weightKg":100,"rpe":8}"#,
            #"{"reps":8,"weightKg":82.5,"rpe":7.5,"setType":"warmup","isCompleted":false}"#,
            " {\n\t\"id\" : \"6f1c2b8e-2d3a-4f5b-9c1d-7e8f9a0b1c2d\" ,\"reps\":0 }\r\n",
            #"{"durationSeconds":61.25,"distanceMeters":1e3,"notes":"felt good — PR ✓","force":true}"#,
            #"{"weightKg":-0,"rpe":1E1,"effort":-3,"completedAt":"2026-01-15T09:30:00Z","app":"x","v":[1]}"#,
            #"{}"#,
        ]
        for body in bodies.dropLast(2) {
            let fast = try #require(Self.plain(body), "\(body)")
            #expect(fast == Self.decoded(body), "\(body)")
        }
        // An unknown key is passed over as JSONDecoder passes over it, but only a scalar one.
        #expect(Self.plain(bodies[4]) == nil)
        #expect(Self.plain(#"{"effort":-3,"app":"x"}"#) == Self.decoded(#"{"effort":-3,"app":"x"}"#))
        #expect(Self.plain(bodies[5]) == SetBody())
    }

    /// Each of these is left to JSONDecoder: its answer (a value or a 400 naming the field) stays the API's.
    @Test func anythingNotPlainIsLeftToJSONDecoder() {
        for body in [
            #"{"reps":null}"#, #"{"setType":null}"#,              // clearing or refusing: init(from:)'s
            #"{"reps":5.0}"#, #"{"reps":1e2}"#, #"{"reps":99999999999999999999}"#, #"{"reps":"5"}"#,
            #"{"weightKg":1e400}"#, #"{"weightKg":01}"#, #"{"weightKg":1.}"#, #"{"weightKg":-}"#, #"{"weightKg":.5}"#,
            #"{"notes":"a\"b"}"#, #"{"notes":"a\u00e9"}"#, "{\"notes\":\"a\u{01}b\"}",
            #"{"reps":5,"reps":6}"#, #"{"reps":5,}"#, #"{"reps":5} x"#, #"{"reps" 5}"#, #"[{"reps":5}]"#,
            #"{"isCompleted":"true"}"#, #"{"isCompleted":tru}"#, "{\"reps\":5}\u{0B}", "\u{FEFF}{}",
        ] {
            #expect(Self.plain(body) == nil, "\(body)")
        }
        #expect(Array([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D] as [UInt8]).withUnsafeBytes { PlainJSONObject($0) } == nil)
    }

    /// The law, over random flat bodies: where the fast path reads a body, JSONDecoder reads the
    /// same value; where JSONDecoder refuses one, the fast path has no value.
    @Test func whereverTheFastPathReadsJSONDecoderAgrees() throws {
        var random = Xoshiro(seed: 39)
        let keys = ["id", "reps", "weightKg", "rpe", "effort", "setType", "isCompleted", "completedAt",
                    "durationSeconds", "distanceMeters", "notes", "force", "other"]
        let values = ["5", "0", "-0", "12", "-7", "2.5", "1e2", "1E-2", "100.25", "0.1", "123456789012", "true", "false",
                      "null", #""working""#, #""""#, #""2026-01-15T09:30:00Z""#, #""é ✓""#, "01", "1.", "9e999"]
        let spaces = ["", " ", "\n", "\t", "\r\n "]
        var read = 0
        for _ in 0..<4_000 {
            var body = spaces.randomElement(using: &random)! + "{"
            for index in 0..<Int.random(in: 0...5, using: &random) {
                if index > 0 { body += "," }
                body += spaces.randomElement(using: &random)! + "\"\(keys.randomElement(using: &random)!)\""
                body += spaces.randomElement(using: &random)! + ":" + values.randomElement(using: &random)!
            }
            body += "}" + spaces.randomElement(using: &random)!
            let fast = Self.plain(body), slow = Self.decoded(body)
            if let fast {
                read += 1
                #expect(fast == slow, "\(body)")
            }
            if slow == nil { #expect(fast == nil, "\(body)") }
        }
        #expect(read > 500)
    }
}
