import Foundation
import Testing
import WlogGenerator
@testable import WlogServer

/// A set's body read without Foundation (`PlainJSONObject`, `SetBody.init(plain:)`) is what
/// `JSONDecoder` reads, and whatever it does not read goes to `JSONDecoder`: random bodies of the
/// set's keys, unknown keys, repeated keys, every JSON value type, numbers in every form, escapes,
/// non-ASCII text, whitespace and broken JSON.
@Suite("Plain JSON bodies")
struct PlainJSONObjectTests {
    typealias Body = SetRoutes.SetBody

    static let values = [
        "5", "0", "-0", "-3", "1000", "8.5", "100.25", "0.1", "1e2", "1E+2", "05", ".5", "5.", "-", "9223372036854775807",
        "9223372036854775808", "123456789012345678901234567", "0.30000000000000004", "true", "false", "null", "\"working\"",
        "\"2026-01-15T09:30:00Z\"", "\"\"", "\"a\\\"b\"", "\"caf\u{E9}\"", "\"tab\there\"", "\"\\u0041\"", "[]", "{}", "[1]",
        "{\"a\":1}", "nul", "tru", "\"open",
    ]
    static let keys = Body.keys.sorted() + ["unknown", "Reps", ""]
    static let spaces = ["", " ", "\n", "\t", "\r\n  "]

    @Test func aPlainBodyIsReadAsJSONDecoderReadsIt() throws {
        var rng = Xoshiro(seed: 19)
        var readPlainly = 0
        for _ in 0..<20_000 {
            let body = Self.body(&rng)
            let bytes = Data(body.utf8)
            let decoded = try? JSONDecoder().decode(Body.self, from: bytes)
            guard let object = PlainJSONObject(bytes), let plain = Body(plain: object) else { continue }
            readPlainly += 1
            #expect(plain == decoded, "\(body)")
        }
        #expect(readPlainly > 2_000)
    }

    @Test func whatClientsSendIsReadPlainly() throws {
        for body in [#"{"reps":5,"weightKg":100,"rpe":8}"#, #"{"reps":1,"weightKg":60.0,"rpe":8}"#, "{}", " { } ",
                     #"{ "reps": 8, "weightKg": 82.5, "setType": "warmup", "isCompleted": false, "notes": null }"#,
                     #"{"id":"d90ed8f1-53c2-64b2-e589-f922defb4685","completedAt":"2026-01-15T09:30:00Z","force":true}"#] {
            let object = try #require(PlainJSONObject(Data(body.utf8)), "\(body)")
            #expect(Body(plain: object) == (try JSONDecoder().decode(Body.self, from: Data(body.utf8))), "\(body)")
        }
        let plain = Body(plain: try #require(PlainJSONObject(Data(#"{"reps":5,"weightKg":102.5}"#.utf8))))
        #expect(plain?.reps == 5 && plain?.weightKg == 102.5 && plain?.rpe == nil)
        // What JSONDecoder must see: a fraction for reps, a repeated key, an escape, a string for a number.
        for body in [#"{"reps":8.5}"#, #"{"reps":5,"reps":6}"#, #"{"notes":"a\nb"}"#, #"{"weightKg":"100"}"#, #"{"extra":1}"#] {
            #expect(PlainJSONObject(Data(body.utf8)).flatMap(Body.init(plain:)) == nil, "\(body)")
        }
    }

    /// A random body: mostly an object of the set's keys with values of any kind, sometimes broken.
    static func body(_ rng: inout Xoshiro) -> String {
        func space() -> String { spaces.randomElement(using: &rng) ?? "" }
        var fields: [String] = []
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let key = Int.random(in: 0..<10, using: &rng) == 0 ? keys.randomElement(using: &rng) ?? "" : Body.keys.randomElement(using: &rng) ?? ""
            let value: String
            switch (key, Int.random(in: 0..<4, using: &rng)) {
            case (_, 0): value = values.randomElement(using: &rng) ?? "null"
            case ("reps", _), ("effort", _): value = String(Int.random(in: -2...1_200, using: &rng))
            case ("weightKg", _), ("rpe", _), ("durationSeconds", _), ("distanceMeters", _):
                value = String(Double(Int.random(in: -100...400_000, using: &rng)) / [1, 2, 4, 10, 100, 3][Int.random(in: 0..<6, using: &rng)])
            case ("isCompleted", _), ("force", _): value = Bool.random(using: &rng) ? "true" : "false"
            default: value = "\"" + ["working", "warmup", "x y", "2026-01-15T09:30:00Z", "d90ed8f1-53c2-64b2-e589-f922defb4685"]
                .randomElement(using: &rng)! + "\""
            }
            fields.append(space() + "\"" + key + "\"" + space() + ":" + space() + value + space())
        }
        var text = space() + "{" + fields.joined(separator: ",") + "}" + space()
        if Int.random(in: 0..<12, using: &rng) == 0, !text.isEmpty {
            text.remove(at: text.index(text.startIndex, offsetBy: Int.random(in: 0..<text.count, using: &rng)))
        }
        return text
    }
}
